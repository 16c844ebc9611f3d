//===- NontemporalStores.cpp - streaming stores for large results ---------===//
//
// --qdq-nontemporal-stores: full-vector writes into large, provably aligned
// buffers become non-temporal vector.store ops, followed by one fence per
// loop (see Passes.td for the conditions).
//
//===----------------------------------------------------------------------===//

#include "qdq/Dialect/QDQ/Transforms/Passes.h"
#include "qdq/Dialect/QDQ/Utils/StreamingRule.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace mlir::qdq {
#define GEN_PASS_DEF_QDQNONTEMPORALSTORES
#include "qdq/Dialect/QDQ/Transforms/Passes.h.inc"
} // namespace mlir::qdq

using namespace mlir;

/// Streaming loops prefetch the statically shaped buffers of at least this
/// many bytes they read (StreamingRule::prefetchBytes): x, not the tables
/// of scales and zero points, which stay in the caches (dynamically shaped
/// ones: isLargeRead).
constexpr int64_t kPrefetchMinBytes = 1 << 20;
/// Prefetch distances (prefetch-bytes, prefetch-far-bytes) are clamped to
/// this: a farther prefetch means nothing, and the distance in elements (8x
/// the bytes for packed bytes' bits) must not overflow.
constexpr int64_t kPrefetchMaxBytes = int64_t(1) << 40;

/// Alignments are tracked as powers of two up to this many bytes (more is
/// never needed: the widest SIMD store is 64 bytes).
constexpr uint64_t kMaxFactor = 4096;

/// The largest power of two (at most kMaxFactor) that divides `n`; zero is
/// divisible by everything.
static uint64_t powerOfTwoFactor(int64_t n) {
  if (n == 0)
    return kMaxFactor;
  uint64_t factor = uint64_t(n) & (~uint64_t(n) + 1);
  return std::min(factor, kMaxFactor);
}

/// A power of two that provably divides the index `v`: constants, loop
/// induction variables (lower bound and step), and arith add, sub, mul, min,
/// max and select of those; 1 for anything else.
static uint64_t knownFactor(Value v, unsigned depth = 0) {
  if (depth > 16)
    return 1;
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return powerOfTwoFactor(constant.getSExtValue());
  auto factorOf = [&](Value operand) {
    return knownFactor(operand, depth + 1);
  };
  auto factorOfFold = [&](OpFoldResult ofr) -> uint64_t {
    if (std::optional<int64_t> c = getConstantIntValue(ofr))
      return powerOfTwoFactor(*c);
    return factorOf(cast<Value>(ofr));
  };
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(owner)) {
      if (arg != loop.getInductionVar())
        return 1;
      return std::min(factorOf(loop.getLowerBound()), factorOf(loop.getStep()));
    }
    if (auto forall = dyn_cast<scf::ForallOp>(owner)) {
      unsigned i = arg.getArgNumber();
      if (i >= forall.getRank())
        return 1;
      return std::min(factorOfFold(forall.getMixedLowerBound()[i]),
                      factorOfFold(forall.getMixedStep()[i]));
    }
    return 1;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return 1;
  if (isa<arith::AddIOp, arith::SubIOp, arith::MinUIOp, arith::MinSIOp,
          arith::MaxUIOp, arith::MaxSIOp>(def))
    return std::min(factorOf(def->getOperand(0)), factorOf(def->getOperand(1)));
  if (isa<arith::MulIOp>(def))
    return std::min(kMaxFactor, factorOf(def->getOperand(0)) *
                                    factorOf(def->getOperand(1)));
  if (auto select = dyn_cast<arith::SelectOp>(def))
    return std::min(factorOf(select.getTrueValue()),
                    factorOf(select.getFalseValue()));
  return 1;
}

static uint64_t knownFactor(OpFoldResult ofr) {
  if (std::optional<int64_t> c = getConstantIntValue(ofr))
    return powerOfTwoFactor(*c);
  return knownFactor(cast<Value>(ofr));
}

/// The strides of an identity-layout or strided memref (some may be
/// dynamic), or nullopt.
static std::optional<SmallVector<int64_t>> layoutStrides(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return std::nullopt;
  return strides;
}

/// `read`'s indices as bases and a constant offset in memory order: each
/// index with its added constants peeled off (arith.addi of a constant),
/// the constants weighted by the row-major strides of the buffer.
/// std::nullopt for buffers of other layouts or a dynamic shape (strides
/// not known; prefetchLargeReads prefetches those along a row), and for
/// offsets beyond kPrefetchMaxBytes elements either way (no prefetch is
/// that far; the sums stay far from overflowing int64).
static std::optional<std::pair<SmallVector<Value>, int64_t>>
splitConstantOffset(vector::TransferReadOp read) {
  auto type = cast<MemRefType>(read.getShapedType());
  std::optional<SmallVector<int64_t>> strides = layoutStrides(type);
  if (!type.getLayout().isIdentity() || !strides)
    return std::nullopt;
  auto bounded = [](int64_t value) {
    return value >= -kPrefetchMaxBytes && value <= kPrefetchMaxBytes;
  };
  SmallVector<Value> bases;
  int64_t offset = 0;
  for (auto [index, stride] : llvm::zip_equal(read.getIndices(), *strides)) {
    if (ShapedType::isDynamic(stride))
      return std::nullopt;
    Value base = index;
    int64_t constant = 0;
    APInt addend;
    while (auto add = base.getDefiningOp<arith::AddIOp>()) {
      if (matchPattern(add.getRhs(), m_ConstantInt(&addend)))
        base = add.getLhs();
      else if (matchPattern(add.getLhs(), m_ConstantInt(&addend)))
        base = add.getRhs();
      else
        break;
      if (addend.getSignificantBits() > 64 ||
          llvm::AddOverflow(constant, addend.getSExtValue(), constant) ||
          !bounded(constant))
        return std::nullopt;
    }
    int64_t weighted;
    if (llvm::MulOverflow(constant, stride, weighted) ||
        llvm::AddOverflow(offset, weighted, offset) || !bounded(offset))
      return std::nullopt;
    bases.push_back(base);
  }
  return std::make_pair(std::move(bases), offset);
}

/// The cache line. The row guard: an allocation of a dynamic size whose
/// innermost dim is a whole number of cache lines (checked at run time, in
/// the streaming version of a loop nest). Every dynamic stride of the
/// allocation (a product of its inner dims) then is too, and so is every
/// row start. Heavy loops prefetch every line of x they read
/// (StreamingRule::prefetchEveryLineMinWork).
constexpr uint64_t kLineBytes = 64;

/// A power of two dividing `stride` elements of `elementBytes` bytes; a
/// dynamic stride counts `dynamicStrideFactor`.
static uint64_t strideFactor(int64_t stride, int64_t elementBytes,
                             uint64_t dynamicStrideFactor) {
  if (ShapedType::isDynamic(stride))
    return dynamicStrideFactor;
  return powerOfTwoFactor(stride * elementBytes);
}

/// A power of two dividing the byte offset sum(index_k * stride_k) * bytes
/// (dynamic strides: see strideFactor).
static uint64_t offsetFactor(ArrayRef<OpFoldResult> indices,
                             ArrayRef<int64_t> strides, int64_t elementBytes,
                             uint64_t dynamicStrideFactor) {
  uint64_t factor = kMaxFactor;
  for (auto [index, stride] : llvm::zip_equal(indices, strides))
    factor = std::min(
        factor, std::min(kMaxFactor, knownFactor(index) *
                                         strideFactor(stride, elementBytes,
                                                      dynamicStrideFactor)));
  return factor;
}

/// The bytes of a statically shaped memref of int/float elements (sub-byte
/// elements packed), or nullopt (also when the count overflows int64).
static std::optional<int64_t> storageBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return std::nullopt;
  int64_t bits = type.getElementTypeBitWidth();
  for (int64_t dim : type.getShape())
    if (llvm::MulOverflow(bits, dim, bits))
      return std::nullopt;
  return bits / 8 + (bits % 8 != 0);
}

/// BufferFacts::allocationBytes of a dynamically shaped allocation.
constexpr int64_t kDynamicBytes = -1;

namespace {
/// What a memref provably points into: the allocation, its static size in
/// bytes (kDynamicBytes for a dynamically shaped one), a power of two
/// dividing the address of its first element, and one dividing the
/// view's dynamic strides in bytes.
struct BufferFacts {
  int64_t allocationBytes;
  uint64_t alignment;
  memref::AllocOp alloc;
  uint64_t dynamicStrideFactor;
};
} // namespace

/// The facts of `memref`; with `rowGuard`, assuming the row guard of its
/// allocation (kLineBytes divides the dynamic strides of the views that
/// keep the allocation's strides or multiples of them: casts, collapsed
/// dims, subviews of static strides).
static std::optional<BufferFacts> analyzeBuffer(Value memref, bool rowGuard,
                                                unsigned depth = 0) {
  if (depth > 16)
    return std::nullopt;
  Operation *def = memref.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto alloc = dyn_cast<memref::AllocOp>(def)) {
    MemRefType type = alloc.getType();
    if (!type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat() ||
        type.getElementTypeBitWidth() % 8 != 0)
      return std::nullopt;
    int64_t bytes = kDynamicBytes;
    if (type.hasStaticShape()) {
      std::optional<int64_t> staticBytes = storageBytes(type);
      if (!staticBytes)
        return std::nullopt;
      bytes = *staticBytes;
    }
    uint64_t alignment = alloc.getAlignment().value_or(1);
    return BufferFacts{bytes, std::min(powerOfTwoFactor(alignment), kMaxFactor),
                       alloc,
                       rowGuard && bytes == kDynamicBytes ? kLineBytes : 1};
  }
  // Views that keep the first element's address (and the strides or
  // multiples of them, except for expanded dims and casts between shapes
  // or element widths).
  auto withoutStrides = [](std::optional<BufferFacts> facts) {
    if (facts)
      facts->dynamicStrideFactor = 1;
    return facts;
  };
  if (isa<memref::CollapseShapeOp, memref::CastOp>(def))
    return analyzeBuffer(def->getOperand(0), rowGuard, depth + 1);
  if (isa<memref::ExpandShapeOp>(def))
    return withoutStrides(
        analyzeBuffer(def->getOperand(0), rowGuard, depth + 1));
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(def)) {
    if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
      return std::nullopt;
    auto from = dyn_cast<MemRefType>(cast->getOperand(0).getType());
    auto to = dyn_cast<MemRefType>(cast->getResult(0).getType());
    if (!from || !to)
      return std::nullopt;
    std::optional<BufferFacts> facts =
        analyzeBuffer(cast->getOperand(0), rowGuard, depth + 1);
    if (from.getShape() != to.getShape() ||
        !from.getElementType().isIntOrFloat() ||
        !to.getElementType().isIntOrFloat() ||
        from.getElementTypeBitWidth() != to.getElementTypeBitWidth())
      return withoutStrides(facts);
    return facts;
  }
  if (auto subview = dyn_cast<memref::SubViewOp>(def)) {
    MemRefType sourceType = subview.getSourceType();
    std::optional<SmallVector<int64_t>> strides = layoutStrides(sourceType);
    std::optional<BufferFacts> source =
        analyzeBuffer(subview.getSource(), rowGuard, depth + 1);
    if (!strides || !source || !sourceType.getElementType().isIntOrFloat() ||
        sourceType.getElementTypeBitWidth() % 8 != 0)
      return std::nullopt;
    int64_t elementBytes = sourceType.getElementTypeBitWidth() / 8;
    BufferFacts facts = *source;
    facts.alignment = std::min(
        facts.alignment, offsetFactor(subview.getMixedOffsets(), *strides,
                                      elementBytes, facts.dynamicStrideFactor));
    if (ShapedType::isDynamicShape(subview.getStaticStrides()))
      facts.dynamicStrideFactor = 1;
    return facts;
  }
  return std::nullopt;
}

/// The memref a view of `memref` was made from (through views that keep
/// every element of their source in reach: casts, reshapes, subviews), or
/// `memref` itself.
static Value viewedBuffer(Value memref) {
  for (unsigned depth = 0; depth < 16; ++depth) {
    Operation *def = memref.getDefiningOp();
    if (!def ||
        !isa<memref::CollapseShapeOp, memref::ExpandShapeOp, memref::CastOp,
             memref::SubViewOp, memref::ReinterpretCastOp,
             UnrealizedConversionCastOp>(def) ||
        def->getNumOperands() < 1 ||
        !isa<MemRefType>(def->getOperand(0).getType()))
      return memref;
    memref = def->getOperand(0);
  }
  return memref;
}

/// The bytes of a statically shaped memref (sub-byte elements packed), else
/// 0 (or, when the count overflows int64, the int64 maximum).
static int64_t staticBytes(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isIntOrFloat())
    return 0;
  return storageBytes(type).value_or(std::numeric_limits<int64_t>::max());
}

/// The distinct buffers (see viewedBuffer) that the loads of the loop nest
/// `nest` read.
static llvm::SetVector<Value> readBuffers(Operation *nest) {
  llvm::SetVector<Value> buffers;
  nest->walk([&](Operation *op) {
    Value base;
    if (auto read = dyn_cast<vector::TransferReadOp>(op))
      base = read.getBase();
    else if (auto load = dyn_cast<vector::LoadOp>(op))
      base = load.getBase();
    else if (auto load = dyn_cast<memref::LoadOp>(op))
      base = load.getMemRef();
    if (base && isa<MemRefType>(base.getType()))
      buffers.insert(viewedBuffer(base));
  });
  return buffers;
}

/// The top-level operation of the function that holds `op` (its loop nest),
/// or `op` itself.
static Operation *topLevelNest(Operation *op) {
  if (Operation *function =
          op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>())
    for (Region &region : function->getRegions())
      if (Operation *top = region.findAncestorOpInRegion(*op))
        return top;
  return op;
}

/// A power of two dividing the address `write` writes first (whatever its
/// mask), with the facts of its buffer; with `rowGuard`, assuming the row
/// guard. Nullopt when the buffer is unknown or the vector does not run
/// along a contiguous innermost dim.
static std::optional<std::pair<uint64_t, BufferFacts>>
writeAlignment(vector::TransferWriteOp write, bool rowGuard) {
  auto memrefType = dyn_cast<MemRefType>(write.getShapedType());
  if (!memrefType || !memrefType.getElementType().isIntOrFloat() ||
      memrefType.getElementTypeBitWidth() % 8 != 0)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> strides = layoutStrides(memrefType);
  if (!strides || strides->empty() || strides->back() != 1)
    return std::nullopt;
  std::optional<BufferFacts> buffer = analyzeBuffer(write.getBase(), rowGuard);
  if (!buffer)
    return std::nullopt;
  int64_t elementBytes = memrefType.getElementTypeBitWidth() / 8;
  uint64_t alignment =
      std::min(buffer->alignment,
               offsetFactor(getAsOpFoldResult(write.getIndices()), *strides,
                            elementBytes, buffer->dynamicStrideFactor));
  return std::make_pair(alignment, *buffer);
}

namespace {

/// A write that becomes a non-temporal store: the alignment its address
/// provably has, and for a write into a dynamically shaped allocation, that
/// allocation (the store is then made in a copy of the nest that runs when
/// the nest streams enough at run time, and, with `rowGuard`, when the row
/// guard holds).
struct Candidate {
  vector::TransferWriteOp write;
  uint64_t alignment;
  memref::AllocOp dynamicAlloc;
  bool rowGuard;
};

struct QDQNontemporalStoresPass
    : public qdq::impl::QDQNontemporalStoresBase<QDQNontemporalStoresPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minBytes < 0)
      return;
    qdq::StreamingRule host = qdq::StreamingRule::host();
    std::optional<bool> scaled =
        llvm::StringSwitch<std::optional<bool>>(shareRule)
            .Case("host", host.scaledByShare)
            .Case("scaled", true)
            .Case("flat", false)
            .Default(std::nullopt);
    if (!scaled) {
      getOperation()->emitError()
          << "share-rule (nontemporal-share-rule of --qdq-to-llvm) must be "
             "host, scaled or flat, got '"
          << shareRule << "'";
      return signalPassFailure();
    }
    // An option of 0 takes the host's value, a negative one turns it off.
    auto distance = [](int64_t option, int64_t hostValue) {
      return option == 0 ? hostValue
                         : std::clamp<int64_t>(option, 0, kPrefetchMaxBytes);
    };
    rule = {minBytes == 0 ? host.minBytes : int64_t(minBytes),
            *scaled,
            distance(prefetchBytes, host.prefetchBytes),
            prefetchMaxElementBits == 0
                ? host.prefetchMaxElementBits
                : std::max<int64_t>(prefetchMaxElementBits, 0),
            prefetchEveryLineMinWork == 0
                ? host.prefetchEveryLineMinWork
                : std::max<int64_t>(prefetchEveryLineMinWork, 0),
            distance(prefetchFarBytes, host.prefetchFarBytes)};
    SmallVector<Candidate> writes;
    nestReads.clear();
    prefetchedLoops.clear();
    flatViews.clear();
    // (loop nest, buffer) pairs that a loop of the nest also writes with
    // stores that stay normal (masked tails of rows, steps that run into the
    // next block): streaming stores there would share cache lines with
    // normal ones, over and over (a line that a normal store brought into
    // the cache is written again by a streaming store, or the reverse),
    // which ran two orders of magnitude slower on Zen 4 than normal stores.
    // All of such a nest's writes into that buffer stay normal. A normal
    // write outside the nest's loops (one tail per call or chunk) does not
    // count.
    // Row tails are the exception (rowTail): under the row guard they
    // start on a cache line and end where their row does, on a line too;
    // the candidates of their nest then stream under the guard only.
    using NestBuffer = std::pair<Operation *, Value>;
    auto nestBuffer = [](vector::TransferWriteOp write) {
      return NestBuffer{topLevelNest(write), viewedBuffer(write.getBase())};
    };
    SmallVector<vector::TransferWriteOp> normalInLoops;
    getOperation()->walk([&](vector::TransferWriteOp write) {
      if (std::optional<Candidate> candidate = streamingCandidate(write)) {
        writes.push_back(*candidate);
        return;
      }
      if (isa<MemRefType>(write.getShapedType()) &&
          write->getParentOfType<scf::ForOp>())
        normalInLoops.push_back(write);
    });
    llvm::DenseSet<NestBuffer> mixed, guarded;
    for (vector::TransferWriteOp write : normalInLoops)
      (rowTail(write, writes) ? guarded : mixed).insert(nestBuffer(write));
    llvm::erase_if(writes, [&](const Candidate &candidate) {
      return mixed.contains(nestBuffer(candidate.write));
    });
    for (Candidate &candidate : writes)
      if (guarded.contains(nestBuffer(candidate.write)))
        candidate.rowGuard = true;
    IRRewriter rewriter(&getContext());
    // Writes into dynamically shaped allocations: their loop nests are
    // versioned on the run-time size (versionNest).
    llvm::MapVector<Operation *, SmallVector<Candidate>> dynamicNests;
    llvm::SetVector<Operation *> loops;
    for (const Candidate &candidate : writes) {
      if (candidate.dynamicAlloc) {
        // The loop nest to version: the write's ancestor in the block of
        // the allocation (the allocation may be inside a branch).
        vector::TransferWriteOp write = candidate.write;
        if (Operation *nest =
                candidate.dynamicAlloc->getBlock()->findAncestorOpInBlock(
                    *write.getOperation()))
          dynamicNests[nest].push_back(candidate);
        continue;
      }
      loops.insert(toStreamingStore(rewriter, candidate));
    }
    for (Operation *after : loops) {
      rewriter.setInsertionPointAfter(after);
      LLVM::FenceOp::create(rewriter, after->getLoc(),
                            LLVM::AtomicOrdering::seq_cst);
    }
    for (auto &[nest, candidates] : dynamicNests)
      versionNest(rewriter, nest, candidates);
  }

  /// Replaces `candidate`'s write with a non-temporal vector.store and
  /// returns the operation a fence must follow: the loop nest the store is
  /// in (or the store itself at the top level).
  Operation *toStreamingStore(IRRewriter &rewriter,
                              const Candidate &candidate) {
    vector::TransferWriteOp write = candidate.write;
    rewriter.setInsertionPoint(write);
    auto store = vector::StoreOp::create(
        rewriter, write.getLoc(), write.getVector(), write.getBase(),
        write.getIndices(), /*nontemporal=*/true,
        llvm::MaybeAlign(candidate.alignment));
    // The fence goes after the loop nest, at the top level of the function
    // (once per call). Inside an scf.forall, the stores of each worker are
    // ordered by the join: on x86 a locked instruction (every OpenMP barrier
    // has them) drains the write-combining buffers too. A write at the top
    // level is its own anchor: the store that replaces it.
    Operation *anchor = topLevelNest(store);
    rewriter.eraseOp(write);
    prefetchLargeReads(rewriter, store);
    return anchor;
  }

  /// Whether `read`, in the loop of the streaming store `store`, reads a
  /// buffer worth prefetching: statically shaped, one of at least
  /// kPrefetchMinBytes (x, not the tables of scales and zero points);
  /// dynamically shaped, a row-major buffer defined before the loop that
  /// is read at the store's indices (x read element by element with the
  /// result, not a table: a loop that streams into a dynamically shaped
  /// allocation runs only when its nest is large, see versionNest).
  static bool isLargeRead(vector::TransferReadOp read, vector::StoreOp store) {
    auto type = cast<MemRefType>(read.getShapedType());
    if (type.hasStaticShape())
      return staticBytes(viewedBuffer(read.getBase())) >= kPrefetchMinBytes;
    return type.getLayout().isIdentity() &&
           read.getIndices() == store.getIndices() &&
           dominatesNest(read.getBase(), store->getParentOp());
  }

  /// Before each read of a large buffer (isLargeRead: x, not the tables)
  /// in the loop that holds the streaming store `store`, a
  /// prefetch of the same buffer rule.prefetchBytes ahead in memory order,
  /// clamped to the buffer's last element: with streaming stores the
  /// hardware prefetchers did not keep the reads ahead on the Xeon
  /// (StreamingRule::host). A row-major buffer of rank > 1 is prefetched
  /// through a 1-D view (flatView), so that the prefetch runs on into the
  /// next rows: rows of x are often no longer than the distance (4096 i8
  /// elements in the benchmark's blocked and per-row cases), and clamped to
  /// its row a prefetch would stay at the row's end. Buffers of other
  /// layouts are prefetched along their innermost dim, clamped to its last
  /// element. Once per loop and per read position (reads of the same
  /// buffer at the same indices share a prefetch); which reads: isLargeRead.
  /// A read that covers several cache lines gets a prefetch for each of
  /// them where the loop does at least rule.prefetchEveryLineMinWork of
  /// vector work (vectorWork) per line those reads cover, one otherwise.
  /// With rule.prefetchFarBytes each of those lines is prefetched a second
  /// time, that far ahead, into L2 (locality hint 2): on the Xeon heavy
  /// loops kept too few lines in flight with the prefetch into L1 alone.
  void prefetchLargeReads(IRRewriter &rewriter, vector::StoreOp store) {
    auto loop = dyn_cast<scf::ForOp>(store->getParentOp());
    if (rule.prefetchBytes <= 0 || !loop ||
        !prefetchedLoops.insert(loop).second)
      return;
    SmallVector<vector::TransferReadOp> prefetched;
    int64_t lines = 0;
    for (Operation &op : loop.getBody()->without_terminator()) {
      auto read = dyn_cast<vector::TransferReadOp>(&op);
      auto type = read ? dyn_cast<MemRefType>(read.getShapedType()) : nullptr;
      if (!type || type.getRank() == 0 ||
          !type.getElementType().isIntOrFloat() ||
          type.getElementTypeBitWidth() < 8 ||
          (rule.prefetchMaxElementBits > 0 &&
           type.getElementTypeBitWidth() > rule.prefetchMaxElementBits) ||
          !isLargeRead(read, store))
        continue;
      if (llvm::any_of(prefetched, [&](vector::TransferReadOp other) {
            return other.getBase() == read.getBase() &&
                   other.getIndices() == read.getIndices();
          }))
        continue;
      prefetched.push_back(read);
      lines += linesOf(read);
    }
    bool everyLine = rule.prefetchEveryLineMinWork > 0 &&
                     vectorWork(loop) >= rule.prefetchEveryLineMinWork * lines;
    // Reads of one buffer at constant offsets from each other (the rows of
    // a period tile) that spread over at least a distance each prefetch
    // that distance beyond the farthest of them: at the plain distance they
    // would prefetch among the group's own reads (with the rows of a tile
    // one distance apart, each one the line the next one reads).
    auto splits = llvm::map_to_vector(prefetched, splitConstantOffset);
    SmallVector<int64_t> spans(prefetched.size(), 0);
    for (auto [i, read] : llvm::enumerate(prefetched)) {
      if (!splits[i])
        continue;
      int64_t low = splits[i]->second, high = low;
      for (auto [j, other] : llvm::enumerate(prefetched)) {
        if (!splits[j] || other.getBase() != read.getBase() ||
            splits[j]->first != splits[i]->first)
          continue;
        low = std::min(low, splits[j]->second);
        high = std::max(high, splits[j]->second);
      }
      spans[i] = high - low;
    }
    for (auto [read, span] : llvm::zip_equal(prefetched, spans)) {
      auto type = cast<MemRefType>(read.getShapedType());
      Location loc = read.getLoc();
      int64_t bits = type.getElementTypeBitWidth();
      auto beyondGroup = [span = span](int64_t distance) {
        return span >= distance ? distance + span : distance;
      };
      int64_t ahead =
          beyondGroup(std::max<int64_t>(1, rule.prefetchBytes * 8 / bits));
      bool flat = type.getRank() > 1 && type.getLayout().isIdentity();
      // The distance, the dims and the last index before the loop (constants
      // for static dims), the index next to the read.
      rewriter.setInsertionPoint(loop);
      Value aheadValue = arith::ConstantIndexOp::create(rewriter, loc, ahead);
      Value farValue;
      if (rule.prefetchFarBytes > 0)
        farValue = arith::ConstantIndexOp::create(
            rewriter, loc,
            beyondGroup(
                std::max<int64_t>(1, rule.prefetchFarBytes * 8 / bits)));
      // The offsets of the further lines from the first one's prefetch.
      SmallVector<Value> lineOffsets;
      for (int64_t line = 1, e = everyLine ? linesOf(read) : 1; line < e;
           ++line)
        lineOffsets.push_back(arith::ConstantIndexOp::create(
            rewriter, loc, line * int64_t(kLineBytes) * 8 / bits));
      SmallVector<Value> dims;
      for (int64_t i = flat ? 0 : type.getRank() - 1; i < type.getRank(); ++i)
        dims.push_back(dimSize(rewriter, loc, read.getBase(), i));
      Value size = dims.front();
      for (Value dim : ArrayRef(dims).drop_front())
        size = rewriter.createOrFold<arith::MulIOp>(loc, size, dim);
      Value last = rewriter.createOrFold<arith::SubIOp>(
          loc, size, arith::ConstantIndexOp::create(rewriter, loc, 1));
      rewriter.setInsertionPoint(read);
      SmallVector<Value> indices(read.getIndices());
      Value buffer = read.getBase();
      if (flat) {
        // Row-major: ((i0 * d1 + i1) * d2 + i2) ...
        Value linear = indices.front();
        for (auto [dim, index] : llvm::zip_equal(
                 ArrayRef(dims).drop_front(), ArrayRef(indices).drop_front()))
          linear = arith::AddIOp::create(
              rewriter, loc, arith::MulIOp::create(rewriter, loc, linear, dim),
              index);
        indices.assign({linear});
        buffer = flatView(rewriter, buffer);
        rewriter.setInsertionPoint(read);
      }
      // The lines `distance` elements ahead of the read, each clamped to the
      // last element, with `localityHint` (3: into L1, 2: into L2).
      Value start = indices.back();
      auto prefetchAhead = [&](Value distance, uint32_t localityHint) {
        Value next = arith::AddIOp::create(rewriter, loc, start, distance);
        indices.back() = arith::MinSIOp::create(rewriter, loc, next, last);
        memref::PrefetchOp::create(rewriter, loc, buffer, indices,
                                   /*isWrite=*/false, localityHint,
                                   /*isDataCache=*/true);
        for (Value offset : lineOffsets) {
          Value lineStart = arith::AddIOp::create(rewriter, loc, next, offset);
          indices.back() =
              arith::MinSIOp::create(rewriter, loc, lineStart, last);
          memref::PrefetchOp::create(rewriter, loc, buffer, indices,
                                     /*isWrite=*/false, localityHint,
                                     /*isDataCache=*/true);
        }
      };
      prefetchAhead(aheadValue, /*localityHint=*/3);
      if (farValue)
        prefetchAhead(farValue, /*localityHint=*/2);
    }
  }

  /// The cache lines (kLineBytes) that `read`'s vector covers, at least 1.
  static int64_t linesOf(vector::TransferReadOp read) {
    VectorType vector = read.getVectorType();
    int64_t bits = vector.getNumElements() *
                   int64_t(read.getShapedType().getElementTypeBitWidth());
    return std::max<int64_t>(1,
                             llvm::divideCeil(bits, int64_t(kLineBytes) * 8));
  }

  /// The vector work of `loop`'s body: each operation with vector results
  /// counts the 512-bit registers they fill (at least one each), but for
  /// the reads and writes themselves, constants, and the casts and slices
  /// that compute nothing (bitcasts, shape casts, strided slices). A proxy
  /// for the instructions an iteration issues: on the Xeon the kernels of
  /// 1 or 2 per line of x (f16 x -> f16 with AVX512_FP16, 32-bit x -> f32)
  /// ran slower with a prefetch per line, those of 16-bit x and more work
  /// faster (StreamingRule::host).
  static int64_t vectorWork(scf::ForOp loop) {
    int64_t work = 0;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
              vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp,
              arith::ConstantOp, arith::BitcastOp, vector::BitCastOp,
              vector::ShapeCastOp, vector::ExtractStridedSliceOp>(op))
        return;
      for (Type type : op->getResultTypes()) {
        auto vector = dyn_cast<VectorType>(type);
        if (!vector)
          continue;
        Type element = vector.getElementType();
        int64_t bits =
            vector.getNumElements() *
            (element.isIntOrFloat() ? int64_t(element.getIntOrFloatBitWidth())
                                    : 64);
        work += std::max<int64_t>(1, llvm::divideCeil(bits, 512));
      }
    });
    return work;
  }

  /// A 1-D view (memref.collapse_shape) of the row-major memref `memref`,
  /// made once, right after `memref` is defined.
  Value flatView(IRRewriter &rewriter, Value memref) {
    Value &view = flatViews[memref];
    if (view)
      return view;
    if (Operation *def = memref.getDefiningOp())
      rewriter.setInsertionPointAfter(def);
    else
      rewriter.setInsertionPointToStart(memref.getParentBlock());
    auto type = cast<MemRefType>(memref.getType());
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    view = memref::CollapseShapeOp::create(rewriter, memref.getLoc(), memref,
                                           ArrayRef<ReassociationIndices>{all});
    return view;
  }

  /// The loop nest `nest` (in the block of the allocation) writes
  /// `candidates`, full-vector writes into one dynamically shaped
  /// allocation, which stream or not by its size at run time: the nest
  /// becomes `scf.if (it streams enough) {a copy with non-temporal stores,
  /// then a fence} else {the nest}`. Left as it is (normal stores) where
  /// that cannot be built: a nest with results, writes into several
  /// allocations, or an allocation made after the nest starts.
  void versionNest(IRRewriter &rewriter, Operation *nest,
                   ArrayRef<Candidate> candidates) {
    memref::AllocOp alloc = candidates.front().dynamicAlloc;
    if (nest->getNumResults() != 0 ||
        llvm::any_of(
            candidates,
            [&](const Candidate &c) { return c.dynamicAlloc != alloc; }) ||
        !dominatesNest(alloc.getResult(), nest))
      return;
    Location loc = nest->getLoc();
    rewriter.setInsertionPoint(nest);
    Value written = runtimeBytes(rewriter, loc, alloc.getResult());
    Value streamed = written;
    // (Dynamically shaped buffers made inside the nest, like tables it
    // fills, count 0, as in the static rule.)
    for (Value read : nestReadBuffers(nest)) {
      Value bytes;
      if (int64_t fixed = staticBytes(read))
        bytes = arith::ConstantIndexOp::create(rewriter, loc, fixed);
      else if (dominatesNest(read, nest))
        bytes = runtimeBytes(rewriter, loc, read);
      if (bytes)
        streamed = arith::AddIOp::create(rewriter, loc, streamed, bytes);
    }
    int64_t nestThreads = 1;
    for (const Candidate &candidate : candidates)
      nestThreads = std::max(nestThreads, threadsOf(candidate.write));
    Value streams =
        rule.buildStreams(rewriter, loc, written, streamed, nestThreads);
    if (llvm::any_of(candidates, [](const Candidate &c) { return c.rowGuard; }))
      streams = arith::AndIOp::create(rewriter, loc, streams,
                                      buildRowGuard(rewriter, loc, alloc));
    auto branch = scf::IfOp::create(rewriter, loc, streams,
                                    /*withElseRegion=*/true);
    rewriter.setInsertionPoint(branch.thenBlock()->getTerminator());
    IRMapping mapping;
    Operation *copy = rewriter.clone(*nest, mapping);
    for (Candidate candidate : candidates) {
      candidate.write = cast<vector::TransferWriteOp>(
          mapping.lookup(candidate.write.getOperation()));
      toStreamingStore(rewriter, candidate);
    }
    rewriter.setInsertionPointAfter(copy);
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::seq_cst);
    rewriter.moveOpBefore(nest, branch.elseBlock()->getTerminator());
  }

  /// Whether the row guard holds for `alloc` at run time: its innermost dim
  /// is a whole number of cache lines.
  static Value buildRowGuard(OpBuilder &b, Location loc,
                             memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    Value length = dimSize(b, loc, alloc.getResult(), type.getRank() - 1);
    Value bytes =
        arith::MulIOp::create(b, loc, length,
                              arith::ConstantIndexOp::create(
                                  b, loc, type.getElementTypeBitWidth() / 8));
    Value rest = arith::RemUIOp::create(
        b, loc, bytes, arith::ConstantIndexOp::create(b, loc, kLineBytes));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rest,
                                 arith::ConstantIndexOp::create(b, loc, 0));
  }

  /// Whether `write`, a write that keeps its normal store inside a loop,
  /// is a row tail that shares no cache line with the streaming stores
  /// of `candidates` into the same buffer under the row guard: it writes
  /// a dynamically shaped allocation from a cache line on (under the
  /// guard) and is in none of their innermost loops (it follows them, at
  /// the end of a row, which the guard puts on a line too).
  static bool rowTail(vector::TransferWriteOp write,
                      ArrayRef<Candidate> candidates) {
    std::optional<std::pair<uint64_t, BufferFacts>> aligned =
        writeAlignment(write, /*rowGuard=*/true);
    if (!aligned || aligned->second.allocationBytes != kDynamicBytes ||
        aligned->first < kLineBytes)
      return false;
    Operation *nest = topLevelNest(write);
    Value buffer = viewedBuffer(write.getBase());
    return llvm::none_of(candidates, [&](const Candidate &candidate) {
      vector::TransferWriteOp streamed = candidate.write;
      auto loop = streamed->getParentOfType<scf::ForOp>();
      return loop && loop->isAncestor(write) &&
             topLevelNest(streamed) == nest &&
             viewedBuffer(streamed.getBase()) == buffer;
    });
  }

  /// Whether `value` is available before `nest`: an argument of a block
  /// that holds it, or defined before it in such a block.
  static bool dominatesNest(Value value, Operation *nest) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner()->findAncestorOpInBlock(*nest) != nullptr;
    Operation *def = value.getDefiningOp();
    Operation *ancestor = def->getBlock()->findAncestorOpInBlock(*nest);
    return ancestor && def != ancestor && def->isBeforeInBlock(ancestor);
  }

  /// Dim `i` of the ranked memref `memref` as an index value: a
  /// `memref.dim`, or a constant when static.
  static Value dimSize(OpBuilder &b, Location loc, Value memref, int64_t i) {
    auto type = cast<MemRefType>(memref.getType());
    if (type.isDynamicDim(i))
      return memref::DimOp::create(b, loc, memref, i);
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(i));
  }

  /// The bytes of the memref `memref` (sub-byte elements packed), at run
  /// time, as an index; null for what is not a ranked memref.
  static Value runtimeBytes(OpBuilder &b, Location loc, Value memref) {
    auto type = dyn_cast<MemRefType>(memref.getType());
    if (!type)
      return Value();
    Value bits = arith::ConstantIndexOp::create(
        b, loc,
        type.getElementType().isIntOrFloat() ? type.getElementTypeBitWidth()
                                             : 0);
    for (int64_t i = 0, e = type.getRank(); i < e; ++i)
      bits = arith::MulIOp::create(b, loc, bits, dimSize(b, loc, memref, i));
    Value seven = arith::ConstantIndexOp::create(b, loc, 7);
    Value eight = arith::ConstantIndexOp::create(b, loc, 8);
    return arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, bits, seven), eight);
  }

  /// readBuffers(nest), each nest walked once.
  const llvm::SetVector<Value> &nestReadBuffers(Operation *nest) {
    auto [it, inserted] = nestReads.try_emplace(nest);
    if (inserted)
      it->second = readBuffers(nest);
    return it->second;
  }

  /// `write` with the alignment of its address if it qualifies for a
  /// streaming store (into a dynamically shaped allocation: if its nest
  /// streams enough at run time).
  std::optional<Candidate> streamingCandidate(vector::TransferWriteOp write) {
    auto memrefType = dyn_cast<MemRefType>(write.getShapedType());
    VectorType vectorType = write.getVectorType();
    if (!memrefType || write.getMask() || vectorType.getRank() != 1 ||
        vectorType.isScalable() ||
        !write.getPermutationMap().isMinorIdentity() ||
        llvm::any_of(write.getInBoundsValues(), [](bool b) { return !b; }) ||
        vectorType.getElementType() != memrefType.getElementType())
      return std::nullopt;
    // The vector runs along the innermost dim, which must be contiguous.
    std::optional<std::pair<uint64_t, BufferFacts>> aligned =
        writeAlignment(write, /*rowGuard=*/false);
    if (!aligned)
      return std::nullopt;
    const BufferFacts *buffer = &aligned->second;
    // A buffer the loop nest reads back (a table it fills, then looks up)
    // must stay in the caches.
    Value written = viewedBuffer(write.getBase());
    const llvm::SetVector<Value> &reads = nestReadBuffers(topLevelNest(write));
    if (reads.contains(written))
      return std::nullopt;
    // What the loop nest streams through the caches: the result and what it
    // reads (x, tables): the static sizes of the distinct buffers
    // (dynamically shaped ones count 0).
    bool dynamicSize = buffer->allocationBytes == kDynamicBytes;
    if (!dynamicSize) {
      int64_t streamed = buffer->allocationBytes;
      for (Value read : reads)
        if (llvm::AddOverflow(streamed, staticBytes(read), streamed))
          streamed = std::numeric_limits<int64_t>::max();
      if (!streamsEnough(write, buffer->allocationBytes, streamed))
        return std::nullopt;
    }
    // Into a dynamically shaped allocation, a write aligned only if its
    // rows are (a dynamic stride) streams under the row guard.
    uint64_t alignment = aligned->first;
    bool rowGuard = false;
    if (alignment < 16 && dynamicSize) {
      std::optional<std::pair<uint64_t, BufferFacts>> guarded =
          writeAlignment(write, /*rowGuard=*/true);
      alignment = guarded ? guarded->first : 1;
      rowGuard = true;
    }
    if (alignment < 16)
      return std::nullopt;
    return Candidate{write, alignment,
                     dynamicSize ? buffer->alloc : memref::AllocOp(), rowGuard};
  }

  /// Whether `write`'s loop nest, which streams `streamed` bytes of which it
  /// writes `written`, streams enough for non-temporal stores: at least
  /// min-bytes (with the scaled rule, times twice the written share of the
  /// bytes), times `threads` inside an scf.forall (see Passes.td). Computed
  /// in double: the sizes only steer a heuristic, and their products may
  /// overflow int64.
  bool streamsEnough(vector::TransferWriteOp write, int64_t written,
                     int64_t streamed) const {
    return rule.streams(double(written), double(streamed), threadsOf(write));
  }

  /// The threads `write` runs on: `threads` inside an scf.forall, else 1.
  int64_t threadsOf(vector::TransferWriteOp write) const {
    bool split = threads > 1 && write->getParentOfType<scf::ForallOp>();
    return split ? int64_t(threads) : 1;
  }

  /// readBuffers of each loop nest a candidate write is in.
  llvm::DenseMap<Operation *, llvm::SetVector<Value>> nestReads;
  /// The loops whose reads prefetchLargeReads has prefetched.
  llvm::DenseSet<Operation *> prefetchedLoops;
  /// The 1-D views of row-major buffers that flatView made.
  llvm::DenseMap<Value, Value> flatViews;
  /// The options' rule, with the host's in place of its defaults.
  qdq::StreamingRule rule;
};

} // namespace
