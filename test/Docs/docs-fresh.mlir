// The committed docs in docs/ are the ones mlir-tblgen generates from the
// ODS files now. Regenerate with: ninja -C build mlir-doc && cp
// build/docs/Dialects/QDQDialect.md docs/Dialects/ && cp
// build/docs/QDQConversionPasses.md build/docs/QDQTransformsPasses.md
// docs/Passes/
//
// RUN: diff -u %qdq_src_root/docs/Dialects/QDQDialect.md %qdq_obj_root/docs/Dialects/QDQDialect.md
// RUN: diff -u %qdq_src_root/docs/Passes/QDQConversionPasses.md %qdq_obj_root/docs/QDQConversionPasses.md
// RUN: diff -u %qdq_src_root/docs/Passes/QDQTransformsPasses.md %qdq_obj_root/docs/QDQTransformsPasses.md
