# Turns a text file into a C++ source defining `std::string_view spacedock::embedded::NAME`.
# Run as: cmake -DINPUT=file -DOUTPUT=file.cpp -DNAME=identifier -P embed.cmake
file(READ "${INPUT}" content)
string(FIND "${content}" ")spacedock_embed\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter used for embedding")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by cmake/embed.cmake. Do not edit.\n"
  "#include <string_view>\n"
  "// The card files are longer than the 65,536 characters the standard guarantees for a\n"
  "// literal; GCC and Clang both take them whole.\n"
  "#pragma GCC diagnostic ignored \"-Woverlength-strings\"\n"
  "namespace spacedock::embedded {\n"
  "extern const std::string_view ${NAME};\n"
  "const std::string_view ${NAME} = R\"spacedock_embed(${content})spacedock_embed\";\n"
  "}  // namespace spacedock::embedded\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
