//===- OrderConstantGlobals.cpp - globals of constants in module order ----===//
//
// --qdq-order-constant-globals: the memref.global of each tensor constant is
// created in the order of the module, before One-Shot Bufferize, which would
// otherwise create them in its (run-dependent) order of the functions.
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/Transforms/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/BufferUtils.h"

namespace mlir::qdq {
#define GEN_PASS_DEF_QDQORDERCONSTANTGLOBALS
#include "qdq/Dialect/QDQ/Transforms/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;
using namespace mlir::qdq;

namespace {

struct QDQOrderConstantGlobalsPass
    : public qdq::impl::QDQOrderConstantGlobalsBase<
          QDQOrderConstantGlobalsPass> {
  using QDQOrderConstantGlobalsBase::QDQOrderConstantGlobalsBase;

  void runOnOperation() override {
    // Only the constants One-Shot Bufferize turns into globals: ranked
    // tensors, outside nested symbol tables (which it does not bufferize).
    SmallVector<arith::ConstantOp> constants;
    ModuleOp module = getOperation();
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != module && op->hasTrait<OpTrait::SymbolTable>())
        return WalkResult::skip();
      auto constant = dyn_cast<arith::ConstantOp>(op);
      if (constant && isa<RankedTensorType>(constant.getType()))
        constants.push_back(constant);
      return WalkResult::advance();
    });
    // getGlobalFor fails only for a constant outside a module, which the
    // walk never reaches (One-Shot Bufferize would report it).
    SymbolTableCollection symbolTables;
    for (arith::ConstantOp constant : constants)
      (void)bufferization::getGlobalFor(constant, symbolTables, alignment);
  }
};

} // namespace
