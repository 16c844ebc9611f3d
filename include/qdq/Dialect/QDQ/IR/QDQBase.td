//===- QDQBase.td - qdq dialect definition and type constraints -*- tablegen -*-===//
//
// The qdq dialect: dequantization as a first-class, fully verified op.
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_IR_QDQBASE_TD
#define QDQ_DIALECT_QDQ_IR_QDQBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def QDQ_Dialect : Dialect {
  let name = "qdq";
  let cppNamespace = "::mlir::qdq";
  let summary = "Dequantization (ONNX DequantizeLinear and its relatives)";
  let description = [{
    The `qdq` dialect models linear dequantization, `y = (x - zero_point) *
    scale`, as one op whose semantics is the union of ONNX `DequantizeLinear`
    (opsets 10 to 25), oneDNN Graph `DynamicDequantize` and AMD Quark
    `ExtendedDequantizeLinear`: per-tensor, per-axis and blocked
    granularities; 2-, 4-, 8-, 16- and 32-bit integers (signed and unsigned),
    the four fp8 kinds, fp4 e2m1, f16 and bf16 as quantized inputs; f32, f16,
    bf16 and f8E8M0FNU scales; f32, f16 and bf16 results.

    The op works on ranked tensors of any rank, static or dynamic. Everything
    that can be checked at compile time is checked by the verifier (see the
    numbered rules of `qdq.dequantize_linear`); sizes that are dynamic are
    checked when the lowered code runs.
  }];
  let usePropertiesForAttributes = 1;
}

class QDQ_Op<string mnemonic, list<Trait> traits = []>
    : Op<QDQ_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Element type constraints
//===----------------------------------------------------------------------===//

// Integers: signless and `si` both mean signed, `ui` unsigned.
class QDQ_AnyInt<int width> : AnyTypeOf<[I<width>, SI<width>, UI<width>]>;

def QDQ_IntElement : AnyTypeOf<[QDQ_AnyInt<2>, QDQ_AnyInt<4>, QDQ_AnyInt<8>,
                                QDQ_AnyInt<16>, QDQ_AnyInt<32>]>;

def QDQ_FloatElement : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ,
                                  F4E2M1FN, F16, BF16]>;

// What `x` (and the zero point) may hold.
def QDQ_QuantizedElement
    : AnyTypeOf<[QDQ_IntElement, QDQ_FloatElement],
                "quantized element (i2, i4, i8, i16, i32 signed or unsigned, "
                "f8E4M3FN, f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f4E2M1FN, f16, "
                "bf16)">;

// What `scale` may hold.
def QDQ_ScaleElement : AnyTypeOf<[F32, F16, BF16, F8E8M0FNU],
                                 "scale element (f32, f16, bf16, f8E8M0FNU)">;

// What the result may hold.
def QDQ_ResultElement : AnyTypeOf<[F32, F16, BF16],
                                  "result element (f32, f16, bf16)">;

#endif // QDQ_DIALECT_QDQ_IR_QDQBASE_TD
