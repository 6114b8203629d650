# Writes controller.sql and controller_operator.sql, joined in that order, into a C file as the
# array link_controller_sql (link.h), so that the program carries the schema it was built with.
# Run by the build: cmake -DIN=first.sql -DIN2=second.sql -DOUT=... -P
file(READ ${IN} hex HEX)
file(READ ${IN2} hex2 HEX)
string(APPEND hex "${hex2}")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
# a char array of bytes above 127 would not fit a signed char: the schema is kept to ASCII
string(REGEX MATCH "0x[89a-f][0-9a-f]" wide "${bytes}")
if(wide)
  message(FATAL_ERROR "${IN} holds a byte that is not ASCII (${wide}): keep it to ASCII")
endif()
file(WRITE ${OUT} "/* generated from controller.sql by embed_sql.cmake: do not edit */\n"
  "#include \"link.h\"\n"
  "const char link_controller_sql[] = {${bytes}0x00};\n")
