/*===- tileir-c-driver.c - A C program on TileIR's C API -------------------===*
 *
 * Part of TileIR's embedding test. Creates a context, registers the TileIR
 * dialects through the C API, parses a cuda_tile file and either compiles it
 * to PTX with tileirCompileToPTX or runs a textual pass pipeline on it:
 *
 *   tileir-c-driver [--chip=sm_XX] [--ptx-version=N] [--dialect-handles]
 *                   [--pass-pipeline=PIPELINE] FILE
 *
 * The PTX, or the module after the pipeline, goes to stdout; diagnostics go
 * to stderr; the exit status is 1 on any failure.
 *
 *===----------------------------------------------------------------------===*/

#include "tileir-c/Compile.h"
#include "tileir-c/Dialects.h"
#include "tileir-c/RegisterEverything.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Writes `text` to the FILE* passed as `userData`.
static void writeToFile(MlirStringRef text, void *userData) {
  fwrite(text.data, 1, text.length, (FILE *)userData);
}

/// Reads the whole file at `path` into a malloc'ed buffer; NULL on failure.
static char *readFile(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *buffer = NULL;
  size_t capacity = 0, length = 0, got = 0;
  do {
    if (length == capacity) {
      capacity = capacity ? 2 * capacity : 4096;
      char *grown = realloc(buffer, capacity);
      if (!grown) {
        free(buffer);
        fclose(file);
        return NULL;
      }
      buffer = grown;
    }
    got = fread(buffer + length, 1, capacity - length, file);
    length += got;
  } while (got > 0);
  fclose(file);
  *size = length;
  return buffer;
}

/// Inserts `handle` into `registry` and checks its namespace.
static int insertDialect(MlirDialectRegistry registry, MlirDialectHandle handle,
                         const char *expected) {
  MlirStringRef name = mlirDialectHandleGetNamespace(handle);
  if (!mlirStringRefEqual(name, mlirStringRefCreateFromCString(expected))) {
    fprintf(stderr,
            "error: dialect handle has namespace '%.*s', expected "
            "'%s'\n",
            (int)name.length, name.data, expected);
    return 0;
  }
  mlirDialectHandleInsertDialect(handle, registry);
  return 1;
}

/// Parses `pipeline`, runs it on `module` and prints the module to stdout.
static int runPipeline(MlirContext context, MlirModule module,
                       const char *pipeline) {
  tileirRegisterAllPasses();
  MlirPassManager pm = mlirPassManagerCreate(context);
  int ok = 0;
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), writeToFile, stderr))) {
    fprintf(stderr, "\nerror: cannot parse the pass pipeline\n");
  } else if (mlirLogicalResultIsFailure(
                 mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "error: the pass pipeline failed\n");
  } else {
    mlirOperationPrint(mlirModuleGetOperation(module), writeToFile, stdout);
    fputc('\n', stdout);
    ok = 1;
  }
  mlirPassManagerDestroy(pm);
  return ok;
}

int main(int argc, char **argv) {
  const char *chip = NULL;
  const char *pipeline = NULL;
  const char *path = NULL;
  unsigned ptxVersion = 0;
  int dialectHandles = 0;
  for (int i = 1; i < argc; ++i) {
    if (!strncmp(argv[i], "--chip=", 7))
      chip = argv[i] + 7;
    else if (!strncmp(argv[i], "--ptx-version=", 14))
      ptxVersion = (unsigned)strtoul(argv[i] + 14, NULL, 10);
    else if (!strcmp(argv[i], "--dialect-handles"))
      dialectHandles = 1;
    else if (!strncmp(argv[i], "--pass-pipeline=", 16))
      pipeline = argv[i] + 16;
    else if (argv[i][0] != '-' && !path)
      path = argv[i];
    else {
      fprintf(stderr,
              "usage: %s [--chip=sm_XX] [--ptx-version=N] "
              "[--dialect-handles] [--pass-pipeline=PIPELINE] FILE\n",
              argv[0]);
      return 1;
    }
  }
  if (!path) {
    fprintf(stderr, "error: no input file\n");
    return 1;
  }
  size_t size = 0;
  char *source = readFile(path, &size);
  if (!source) {
    fprintf(stderr, "error: cannot read '%s'\n", path);
    return 1;
  }

  /* Either just the two TileIR dialects, through their handles, or
     everything the compiler knows. */
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  if (dialectHandles) {
    if (!insertDialect(registry, mlirGetDialectHandle__cuda_tile__(),
                       "cuda_tile") ||
        !insertDialect(registry, mlirGetDialectHandle__tirx__(), "tirx")) {
      mlirDialectRegistryDestroy(registry);
      free(source);
      return 1;
    }
  } else {
    tileirRegisterAllDialects(registry);
  }
  MlirContext context = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);

  int ok = 0;
  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreate(source, size));
  free(source);
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "error: cannot parse '%s'\n", path);
  } else if (pipeline) {
    ok = runPipeline(context, module, pipeline);
  } else if (mlirLogicalResultIsFailure(tileirCompileToPTX(
                 module, chip, ptxVersion, writeToFile, stdout))) {
    fprintf(stderr, "error: compiling '%s' to PTX failed\n", path);
  } else {
    ok = 1;
  }
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return ok ? 0 : 1;
}
