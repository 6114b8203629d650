# Writes the controller's SQL files (INS: a ;-list, joined in that order: controller.sql, then
# controller_operator.sql, then table.sql, then
# controller_tickets.sql) into a C file as the array link_controller_sql
# (link.h), so that the program carries the schema it was built with.
# Run by the build: cmake -DINS="a.sql;b.sql" -DOUT=... -P
set(hex "")
foreach(f IN LISTS INS)
  file(READ ${f} part HEX)
  string(APPEND hex "${part}")
endforeach()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# a char array of bytes above 127 would not fit a signed char: the schema is kept to ASCII
string(REGEX MATCH "0x[89a-f][0-9a-f]" wide "${bytes}")
if(wide)
  message(FATAL_ERROR "the controller's SQL holds a byte that is not ASCII (${wide}): keep it to ASCII")
endif()
file(WRITE ${OUT} "/* generated from the controller's SQL by embed_sql.cmake: do not edit */\n"
  "#include \"link.h\"\n"
  "const char link_controller_sql[] = {${bytes}0x00};\n")
