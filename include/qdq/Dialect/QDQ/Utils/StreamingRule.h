//===- StreamingRule.h - when loop nests take streaming stores ---*- C++
//-*-===//
//
// The rule by which --qdq-nontemporal-stores decides that a loop nest moves
// enough bytes for non-temporal stores, and the host CPU's default rule.
// --convert-qdq-to-vector asks the host's rule too, to shape the loops of
// ops whose stores it will stream (getHostPeriodTile).
//
//===----------------------------------------------------------------------===//

#ifndef QDQ_DIALECT_QDQ_UTILS_STREAMINGRULE_H
#define QDQ_DIALECT_QDQ_UTILS_STREAMINGRULE_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir::qdq {

/// A loop nest streams (its full-vector stores become non-temporal) when it
/// moves at least `minBytes`, with `scaledByShare` times twice the share of
/// those bytes it writes, and times the threads when it is one thread's
/// part of an scf.forall (Passes.td, --qdq-nontemporal-stores).
struct StreamingRule {
  int64_t minBytes = 0;
  bool scaledByShare = true;
  /// How many bytes ahead a streaming loop prefetches the large buffers it
  /// reads (--qdq-nontemporal-stores, prefetch-bytes); 0: it does not.
  int64_t prefetchBytes = 0;
  /// Only buffers of elements of at most this many bits are prefetched
  /// (--qdq-nontemporal-stores, prefetch-max-element-bits); 0: any.
  int64_t prefetchMaxElementBits = 0;
  /// A streaming loop whose vector work per 64-byte line of the buffers it
  /// prefetches is at least this (vectorWork in NontemporalStores.cpp)
  /// prefetches every line its reads of them cover; lighter loops, and
  /// every loop with 0, one line per read (--qdq-nontemporal-stores,
  /// prefetch-every-line-min-work).
  int64_t prefetchEveryLineMinWork = 0;
  /// How many bytes ahead the same loops prefetch the same lines a second
  /// time, into L2 (`prefetcht1`; --qdq-nontemporal-stores,
  /// prefetch-far-bytes); 0: they do not.
  int64_t prefetchFarBytes = 0;

  /// Whether a nest that moves `streamed` bytes, `written` of them written,
  /// as one of `threads` threads, streams. In double: the sizes only steer
  /// a heuristic, and their products may overflow int64.
  bool streams(double written, double streamed, int64_t threads) const;

  /// The same test at run time, on `written` and `streamed` bytes given as
  /// index values: an i1 built at `b`'s insertion point.
  Value buildStreams(OpBuilder &b, Location loc, Value written, Value streamed,
                     int64_t threads) const;

  /// The host CPU's rule: measured on AMD Zen 3, where every byte pattern
  /// crossed over at 16-20 MiB of traffic whatever its written share (16
  /// MiB, flat: in the benchmark, 2-bit x -> f32 (but C=4096) and 16-bit x
  /// -> f16 at 4 Mi elements, 16-17 MiB, ran 1.16-1.60x faster streaming;
  /// bench/HISTORY.md, session of 2026-11-27 from 23:38 UTC); on Zen 5,
  /// where the crossover moved with the written share (24 MiB, scaled: the
  /// rule for the other Zen cores); and on an Intel Xeon VM (LLVM:
  /// rocketlake, AVX-512 with FP16), where every pattern crossed over at
  /// 40-64 MiB whatever its written share (48 MiB, flat: the rule for every
  /// other CPU; bench/micro/thread_stores.c and the A/Bs in
  /// bench/HISTORY.md, session of 2026-12-02 from 02:16 UTC). Streaming
  /// loops prefetch their large reads 4 KiB ahead on the same CPUs (on the
  /// Xeon the benchmark's 64 Mi core-set kernels ran 1.048x faster, bf16
  /// results 1.13x; on Zen 5 a repeat over the same kernels had found no
  /// gain: bench/HISTORY.md, sessions of 2026-11-27 from 06:01 UTC and of
  /// 2026-12-02 from 02:16 UTC), and on Zen 4 the reads of x of at most 8
  /// bits (the core-set kernels at 64 Mi of 8-bit and packed x, geometric
  /// means of two A/Bs each: f16 results 1.036x and 1.055x, bf16 1.048x and
  /// 1.080x, f32 1.007x and 1.029x; 16- and 32-bit x -> f32 ran at
  /// 0.92-1.00x and 0.70-0.91x with the prefetch: bench/HISTORY.md, session
  /// of 2026-12-02 from 12:22 UTC). On CPUs other than AMD Zen, loops of
  /// at least 3 register operations per line of x prefetch every line
  /// their reads cover: on the Xeon the 112 kernels of the benchmark's
  /// full set this changes ran at 1.115x at 64 Mi (0.97-1.27x by kernel),
  /// and the light loops that lost with a prefetch per line (f16 x -> f16,
  /// 32-bit x -> f32: 1 and 2 operations per line) keep one per read
  /// (bench/HISTORY.md, session of 2026-12-07 from 04:49 UTC). There they
  /// also prefetch the same lines 16 KiB ahead into L2: on the Xeon the 126
  /// benchmark kernels of 8-, 16- and 32-bit x at 64 Mi ran at 1.072x, 16-bit
  /// x -> f16/bf16 at 1.15-1.24x (bench/micro/prefetch_depth.c and
  /// bench/HISTORY.md, session of 2026-12-07 from 10:53 UTC). On Zen 4
  /// both lose at 64 Mi: the twin ran at 0.966x over 126 kernels of 8-bit,
  /// packed and fp8 x, the prefetch of 16-bit x at 0.883x over its 72
  /// kernels (bench/HISTORY.md, session of 2026-12-07 from 14:12 UTC).
  static StreamingRule host();
};

} // namespace mlir::qdq

#endif // QDQ_DIALECT_QDQ_UTILS_STREAMINGRULE_H
