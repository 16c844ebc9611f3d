/*===- qdq-capi-test.c - exercise the qdq C API ---------------------------===*\
|*                                                                            *|
|* Run by qdq-capi.test; the CHECK lines below are matched by FileCheck.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "qdq-c/Dialects.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdio.h>
#include <stdlib.h>

static const char *kModule =
    "func.func @dq(%x: tensor<4xi8>, %s: tensor<f32>) -> tensor<4xf32>\n"
    "    attributes {llvm.emit_c_interface} {\n"
    "  %y = qdq.dequantize_linear %x, %s\n"
    "      : (tensor<4xi8>, tensor<f32>) -> tensor<4xf32>\n"
    "  return %y : tensor<4xf32>\n"
    "}\n";

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static MlirContext createContext(void) {
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirQDQRegisterDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  return ctx;
}

/* Parses kModule, runs `pipeline` on it and prints the result. */
static int runPipeline(MlirContext ctx, const char *pipeline) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "error: cannot parse the module\n");
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(op)) {
    fprintf(stderr, "error: the module does not verify\n");
    mlirModuleDestroy(module);
    return 1;
  }

  MlirPassManager pm = mlirPassManagerCreateOnOperation(
      ctx, mlirStringRefCreateFromCString("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  int status = 0;
  if (mlirLogicalResultIsFailure(
          mlirParsePassPipeline(opm, mlirStringRefCreateFromCString(pipeline),
                                printToStdout, NULL))) {
    /* Printed on stdout to keep the order of the output. */
    printf("\nerror: cannot parse pipeline %s\n", pipeline);
    status = 1;
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, op))) {
    fprintf(stderr, "error: pipeline %s failed\n", pipeline);
    status = 1;
  } else {
    printf("// pipeline: %s\n", pipeline);
    mlirOperationPrint(op, printToStdout, NULL);
    printf("\n");
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return status;
}

int main(void) {
  mlirQDQRegisterPasses();
  mlirQDQRegisterPasses(); /* idempotent */

  MlirContext ctx = createContext();

  /* The dialect handle loads the dialect by itself. */
  MlirDialectHandle handle = mlirGetDialectHandle__qdq__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(handle);
  MlirDialect qdq = mlirDialectHandleLoadDialect(handle, ctx);
  printf("dialect: %.*s loaded: %d\n", (int)ns.length, ns.data,
         !mlirDialectIsNull(qdq));
  // CHECK: dialect: qdq loaded: 1

  /* Parse, verify and print. */
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module))
    return 1;
  printf("verified: %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
  // CHECK: verified: 1
  // CHECK: func.func @dq(
  // CHECK: qdq.dequantize_linear %{{.*}}, %{{.*}} : (tensor<4xi8>, tensor<f32>)
  // -> tensor<4xf32>

  /* A qdq pass, then the whole qdq-to-llvm pipeline. */
  if (runPipeline(ctx, "builtin.module(convert-qdq-to-linalg)"))
    return 1;
  // CHECK-LABEL: // pipeline: builtin.module(convert-qdq-to-linalg)
  // CHECK-NOT: qdq.dequantize_linear
  // CHECK: linalg.generic

  if (runPipeline(ctx, "builtin.module(qdq-to-llvm)"))
    return 1;
  // CHECK-LABEL: // pipeline: builtin.module(qdq-to-llvm)
  // CHECK-NOT: qdq.
  // CHECK-NOT: linalg.
  // CHECK: llvm.func @dq(
  // CHECK: llvm.func @_mlir_ciface_dq(

  /* An unknown pass is reported, not fatal. */
  printf("unknown pass rejected: %d\n",
         runPipeline(ctx, "builtin.module(qdq-no-such-pass)"));
  // CHECK: 'qdq-no-such-pass' does not refer to a registered pass
  // CHECK: error: cannot parse pipeline builtin.module(qdq-no-such-pass)
  // CHECK: unknown pass rejected: 1

  mlirContextDestroy(ctx);
  return 0;
}
