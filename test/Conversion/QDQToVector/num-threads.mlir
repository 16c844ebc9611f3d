// RUN: qdq-opt %s --convert-qdq-to-vector="vector-bits=256 unroll=1 num-threads=2 parallel-threshold=1024" --split-input-file | FileCheck %s
// RUN: qdq-opt %s --qdq-to-llvm="num-threads=2 parallel-threshold=1024" | FileCheck %s --check-prefix=LLVM
// RUN: qdq-opt %s --qdq-to-llvm="num-threads=2 parallel-threshold=1024" | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// With two threads, the flat loop becomes an scf.forall over one chunk per
// thread (2 when x has at least 1024 elements, else 1), each chunk a
// multiple of 8 lanes, written into its slice of the result. A chunk that
// would start at or past the end is empty and starts at 0, so that every
// start is a multiple of the 8 lanes (which --qdq-nontemporal-stores needs
// to prove its stores aligned).
// CHECK-LABEL: func.func @threads
// CHECK:       %[[N:.*]] = tensor.dim
// CHECK:       %[[LARGE:.*]] = arith.cmpi uge, %[[N]], %c1024 : index
// CHECK:       %[[CHUNKS:.*]] = arith.select %[[LARGE]], %c2, %c1 : index
// CHECK:       %[[PER:.*]] = arith.ceildivui %[[N]], %[[CHUNKS]] : index
// CHECK:       %[[VECS:.*]] = arith.ceildivui %[[PER]], %c8 : index
// CHECK:       %[[CHUNK:.*]] = arith.muli %[[VECS]], %c8 : index
// CHECK:       scf.forall (%[[C:.*]]) in (%[[CHUNKS]]) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<?xf32>)
// CHECK:         %[[START:.*]] = arith.muli %[[C]], %[[CHUNK]] : index
// CHECK:         %[[IN:.*]] = arith.cmpi ult, %[[START]], %[[N]] : index
// CHECK:         %[[BEGIN:.*]] = arith.select %[[IN]], %[[START]], %c0 : index
// CHECK:         %[[NEXT:.*]] = arith.addi %[[START]], %[[CHUNK]] : index
// CHECK:         %[[END:.*]] = arith.minui %[[NEXT]], %[[N]] : index
// CHECK:         %[[REST:.*]] = arith.subi %[[END]], %[[START]] : index
// CHECK:         %[[LENGTH:.*]] = arith.select %[[IN]], %[[REST]], %c0 : index
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][%[[BEGIN]]] [%[[LENGTH]]] [1]
// CHECK:         scf.for
// CHECK:           vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<8xf32>, tensor<?xf32>
// CHECK:         scf.forall.in_parallel
// CHECK:           tensor.parallel_insert_slice %{{.*}} into %[[OUT]][%[[BEGIN]]] [%{{.*}}] [1]
// The pipeline maps the chunks to an OpenMP parallel loop, which
// mlir-translate turns into libomp calls.
// LLVM-LABEL: llvm.func @threads
// LLVM:       omp.parallel num_threads
// LLVM:         omp.wsloop
// IR-LABEL:   define {{.*}} @threads
// IR:         call void {{.*}}@__kmpc_fork_call
func.func @threads(%x: tensor<?xi8>, %s: tensor<f32>) -> tensor<?xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<?xi8>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A static size below the threshold needs no scf.forall.
// CHECK-LABEL: func.func @small
// CHECK-NOT:   scf.forall
func.func @small(%x: tensor<512xi8>, %s: tensor<f32>) -> tensor<512xf32> {
  %y = qdq.dequantize_linear %x, %s : (tensor<512xi8>, tensor<f32>) -> tensor<512xf32>
  return %y : tensor<512xf32>
}
