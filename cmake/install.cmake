# cmake --install: the command line, the header, the static and shared libraries, a CMake package
# (find_package(hashsnark) gives hashsnark::hashsnark, the shared library, and
# hashsnark::hashsnark_static), hashsnark.pc, the man page and the licence.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(HS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hashsnark)

install(TARGETS hashsnark RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET hashsnark-mpi) # built when MPI was found (CMakeLists.txt, HS_MPI)
  install(TARGETS hashsnark-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(TARGETS hashsnark_static hashsnark_shared EXPORT hashsnarkTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/hashsnark.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT hashsnarkTargets NAMESPACE hashsnark:: DESTINATION ${HS_CMAKE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/hashsnarkConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/hashsnarkConfig.cmake INSTALL_DESTINATION ${HS_CMAKE_DIR})
# 0.x: a minor version may change the interface
write_basic_package_version_file(${CMAKE_BINARY_DIR}/hashsnarkConfigVersion.cmake VERSION ${PROJECT_VERSION}
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/hashsnarkConfig.cmake ${CMAKE_BINARY_DIR}/hashsnarkConfigVersion.cmake
        DESTINATION ${HS_CMAKE_DIR})

# hashsnark.pc finds the prefix from its own place (${pcfiledir}), so `cmake --install --prefix`
# anywhere gives a working file.
file(RELATIVE_PATH HS_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" HS_PC_TO_PREFIX "${HS_PC_TO_PREFIX}")
string(REPLACE ";" " " HS_PC_OPENMP "${OpenMP_C_FLAGS}")
set(HS_PC_LMDB "")
if(HS_LMDB_FOUND)
  set(HS_PC_LMDB " -llmdb")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/hashsnark.pc.in ${CMAKE_BINARY_DIR}/hashsnark.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/hashsnark.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

install(FILES ${CMAKE_SOURCE_DIR}/man/hashsnark.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_SOURCE_DIR}/LICENSE ${CMAKE_SOURCE_DIR}/LICENSE-MIT ${CMAKE_SOURCE_DIR}/LICENSE-APACHE
              ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md ${CMAKE_SOURCE_DIR}/docs/GUIDE.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
