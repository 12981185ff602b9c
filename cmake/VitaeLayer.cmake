# vitae_layer(NAME FOLDER [USES layer...] [LIBRARIES lib...] [PRIVATE lib...])
#
# One folder, one static library: every .cpp in FOLDER (globbed, so a file
# belongs to the library of the folder it sits in, and nowhere else). Its
# headers are included by their layer's path ("render/math/convert.hpp" for
# core/render/math/convert.hpp, "cli/args/args.hpp" for cli/...), and
# only a target that links the layer can see them: each layer's include root
# is a directory of its own under build/layers/ holding one symlink to
# FOLDER. So an include of a layer not named in USES (directly, or through a
# layer it uses) fails to compile, and the layer map in the README is what
# the build enforces, not a convention.
function(vitae_layer name folder)
  cmake_parse_arguments(PARSE_ARGV 2 L "" "" "USES;LIBRARIES;PRIVATE")
  string(REGEX REPLACE "^core/" "" include_path "${folder}")
  set(stage ${PROJECT_BINARY_DIR}/layers/${name})
  get_filename_component(parent ${stage}/${include_path} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  if(NOT EXISTS ${stage}/${include_path})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${stage}/${include_path} SYMBOLIC)
  endif()
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.cpp)
  list(FILTER sources EXCLUDE REGEX "/main\\.cpp$")
  if(NOT sources)
    message(FATAL_ERROR "vitae_layer(${name}): no .cpp in ${folder}")
  endif()
  add_library(${name} STATIC ${sources})
  target_include_directories(${name} PUBLIC ${stage})
  # Generated headers of this layer (configure_file into build/generated/<name>/<path>/).
  if(EXISTS ${PROJECT_BINARY_DIR}/generated/${name})
    target_include_directories(${name} PUBLIC ${PROJECT_BINARY_DIR}/generated/${name})
  endif()
  target_link_libraries(${name} PUBLIC ${L_USES} ${L_LIBRARIES} PRIVATE vitae_warnings ${L_PRIVATE})
  set_property(GLOBAL APPEND PROPERTY VITAE_LAYERS ${name})
endfunction()

# A header generated into a layer: configure_file(IN) as <layer path>/<OUT>.
function(vitae_generated_header layer folder in out)
  string(REGEX REPLACE "^core/" "" include_path "${folder}")
  configure_file(${PROJECT_SOURCE_DIR}/${folder}/${in} ${PROJECT_BINARY_DIR}/generated/${layer}/${include_path}/${out} @ONLY)
endfunction()
