# Writes the controller's SQL files (INS: a ;-list, joined in that order: controller.sql,
# controller_operator.sql, table.sql, table_look.sql, table_host.sql, table_operator.sql,
# controller_tickets.sql)
# into a C file as the array link_controller_sql (link.h), so that the program carries the schema
# it was built with, and link_controller_sql_parts: each file's name and the line of the joined
# text it starts on (an install error's position is told as a line of its own file).
# Run by the build: cmake -DINS="a.sql;b.sql" -DOUT=... -P
set(hex "")
set(parts "")
set(line 1)
foreach(f IN LISTS INS)
  file(READ ${f} part HEX)
  string(APPEND hex "${part}")
  get_filename_component(name ${f} NAME)
  string(APPEND parts "    {\"${name}\", ${line}},\n")
  # the next file starts on the line after this one's last: each must end with a newline
  string(LENGTH "${part}" n)
  math(EXPR last "${n} - 2")
  string(SUBSTRING "${part}" ${last} 2 tail)
  if(NOT tail STREQUAL "0a")
    message(FATAL_ERROR "${name} does not end with a newline")
  endif()
  file(READ ${f} text)
  string(REGEX MATCHALL "\n" newlines "${text}")
  list(LENGTH newlines k)
  math(EXPR line "${line} + ${k}")
endforeach()
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# a char array of bytes above 127 would not fit a signed char: the schema is kept to ASCII
string(REGEX MATCH "0x[89a-f][0-9a-f]" wide "${bytes}")
if(wide)
  message(FATAL_ERROR "the controller's SQL holds a byte that is not ASCII (${wide}): keep it to ASCII")
endif()
file(WRITE ${OUT} "/* generated from the controller's SQL by embed_sql.cmake: do not edit */\n"
  "#include \"link.h\"\n"
  "const char link_controller_sql[] = {${bytes}0x00};\n"
  "const link_sql_part_t link_controller_sql_parts[] = {\n${parts}    {0, 0}};\n")
