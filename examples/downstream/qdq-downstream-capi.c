/*===- qdq-downstream-capi.c - embed qdq through its C API ----------------===*\
|*                                                                            *|
|* Parses a module with a qdq op and lowers it with the qdq-to-llvm pipeline. *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "qdq-c/Dialects.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdio.h>

static void print(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

int main(void) {
  mlirQDQRegisterPasses();
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirQDQRegisterDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);

  MlirModule module = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(
               "func.func @dq(%x: tensor<16xi8>, %s: tensor<f32>, "
               "%z: tensor<i8>) -> tensor<16xbf16> {\n"
               "  %y = qdq.dequantize_linear %x, %s, %z : (tensor<16xi8>, "
               "tensor<f32>, tensor<i8>) -> tensor<16xbf16>\n"
               "  return %y : tensor<16xbf16>\n"
               "}\n"));
  if (mlirModuleIsNull(module))
    return 1;
  MlirOperation op = mlirModuleGetOperation(module);

  MlirPassManager pm = mlirPassManagerCreate(ctx);
  int status = 1;
  if (mlirOperationVerify(op) &&
      mlirLogicalResultIsSuccess(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString("builtin.module(qdq-to-llvm)"), print,
          NULL)) &&
      mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, op))) {
    mlirOperationPrint(op, print, NULL);
    printf("\n");
    status = 0;
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return status;
}
