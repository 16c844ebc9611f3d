//===- FlatLoops.cpp - loops over flattened x -----------------------------===//
//
// The per-tensor, axis table and block flat schemes: x flattened into one
// range of steps, split into chunks (threads), segments and period tiles, and
// the steps that look their results up in tables.
// (KernelBuilder.h describes the schemes.)
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"
#include "Utils.h"

#include "qdq/Conversion/QDQVectorOpsToLLVM/QDQVectorOpsToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

Value KernelBuilder::buildFlat() {
  Value xFlat = flatten(b, loc, op.getX());
  StoredReader xReader(b, loc, xFlat, 0);
  OpFoldResult totalSize = tensor::getMixedSize(b, loc, xFlat, 0);
  Value total = getValueOrCreateConstantIndexOp(b, loc, totalSize);
  Value init = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{totalSize}, storeElement);

  // Loop-invariant parameters.
  FlatParams params;
  if (zeroPoint)
    params.zpEntryType = zpTableEntryType(zeroPointElement());
  if (plan.scheme == Scheme::PerTensor) {
    Value scale = decodedScalarScale(op.getScale());
    if (useLookup) {
      Value zp = zeroPoint ? firstZeroPoint() : Value();
      params.lookup.emplace(b, loc, xElement, scale, zp, yElement,
                            lookupF32Entries);
    } else {
      params.scaleVector = broadcast(scale);
    }
  } else if (plan.scheme == Scheme::AxisTable && periodEntries) {
    // A period table (LookupTable::periodTableEntries): from the one
    // step's worth of parameters that every step reads.
    Value zero = indexConstant(b, loc, 0);
    int64_t length = plan.period + lanes;
    Value scale = readTable(buildAxisTable(op.getScale(), true, length), zero,
                            b.getF32Type());
    Value zp;
    if (zeroPoint && hasOneElementZeroPoint())
      zp = broadcastFirstZeroPoint();
    else if (zeroPoint)
      zp = preparedTableZeroPoint(readTable(
          buildAxisTable(zeroPoint, false, length), zero, params.zpEntryType));
    params.lookup.emplace(LookupTable::forPeriod(
        b, loc, xElement, scale, zp, yElement, plan, periodEntries, lanes));
  } else if (plan.scheme == Scheme::AxisTable && plan.direct) {
    params.scaleDirect.emplace(b, loc, op.getScale(), 0);
  } else if (plan.scheme == Scheme::AxisTable) {
    params.scaleTable = buildAxisTable(
        op.getScale(), true, plan.period + lanes, &params.scaleTableInPlace,
        splitsScaleTable() ? &params.scaleTableSplit : nullptr);
    if (takesTinyBoundTable())
      params.tinyBoundTable =
          buildAxisTable(op.getScale(), true, plan.period + lanes,
                         /*inPlace=*/nullptr, /*split=*/nullptr,
                         /*tinyBounds=*/true);
  } else {
    Value flatScale = flatten(b, loc, op.getScale());
    params.scaleFlat = bitcastToStorage(b, loc, flatScale);
    params.count = tensor::DimOp::create(b, loc, params.scaleFlat, 0);
    if (readsBlockEntriesAsVector(scaleElement))
      params.scaleReader.emplace(b, loc, flatScale, 0);
    if (blockTableEntries())
      params.scaleTableReader.emplace(b, loc, flatScale, 0);
  }
  if (zeroPoint && !params.lookup) {
    if (plan.scheme == Scheme::PerTensor || hasOneElementZeroPoint()) {
      params.zpVector = broadcastFirstZeroPoint();
    } else if (plan.scheme == Scheme::AxisTable && plan.direct) {
      params.zpDirect.emplace(b, loc, zeroPoint, 0);
    } else if (plan.scheme == Scheme::AxisTable) {
      params.zpTable = buildAxisTable(zeroPoint, false, plan.period + lanes);
    } else {
      Value flatZp = flatten(b, loc, zeroPoint);
      params.zpFlat = bitcastToStorage(b, loc, flatZp);
      if (readsBlockEntriesAsVector(zeroPointElement()))
        params.zpReader.emplace(b, loc, flatZp, 0);
      if (blockTableEntries())
        params.zpTableReader.emplace(b, loc, flatZp, 0);
    }
  }

  if (codeSelect && plan.period != lanes)
    params.choiceTable = buildChoiceTable(params);
  if (numThreads <= 1 || getConstantIntValue(totalSize).value_or(
                             parallelThreshold) < parallelThreshold)
    return unflatten(
        emitRange(xReader, params, indexConstant(b, loc, 0), totalSize, init));

  // Chunks start on a segment (so segment tables start on a byte of a
  // packed parameter) or on a period tile (so its column steps read the
  // tables at their offset in the tile).
  int64_t granule = lanes;
  if (int64_t entries = blockTableEntries())
    granule = entries * plan.blockSize;
  else if (int64_t tilePeriods = periodTileCount())
    granule = tilePeriods * plan.period;
  else if (columnBlockColumns())
    granule = plan.period;
  return unflatten(emitChunked(
      total, total, granule, init, /*innerSize=*/OpFoldResult(),
      [&](Value begin, Value length, Value slice) {
        return emitRange(xReader, params, begin, OpFoldResult(length), slice);
      }));
}

Value KernelBuilder::emitChunked(
    Value count, Value elements, int64_t granule, Value init,
    OpFoldResult innerSize,
    function_ref<Value(Value begin, Value length, Value slice)> emitChunk) {
  Value one = indexConstant(b, loc, 1);
  Value isLarge =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, elements,
                            indexConstant(b, loc, parallelThreshold));
  Value chunks = arith::SelectOp::create(
      b, loc, isLarge, indexConstant(b, loc, numThreads), one);
  // chunk = ceil(ceil(count / chunks) / granule) * granule
  Value chunk = arith::CeilDivUIOp::create(b, loc, count, chunks);
  if (granule > 1) {
    Value step = indexConstant(b, loc, granule);
    chunk = arith::MulIOp::create(
        b, loc, arith::CeilDivUIOp::create(b, loc, chunk, step), step);
  }
  auto forall = scf::ForallOp::create(
      b, loc, ArrayRef<OpFoldResult>{OpFoldResult(chunks)}, ValueRange{init},
      std::nullopt, [&](OpBuilder &nb, Location, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Value c = args[0], out = args[1];
        // A chunk that starts at or past the end is empty and starts at 0,
        // so every chunk's start is a multiple of `granule` (clamping it
        // to `count` would not be: --qdq-nontemporal-stores then could not
        // prove the alignment of its writes).
        Value start = arith::MulIOp::create(b, loc, c, chunk);
        Value zero = indexConstant(b, loc, 0);
        Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                              start, count);
        Value begin = arith::SelectOp::create(b, loc, inRange, start, zero);
        Value end = arith::MinUIOp::create(
            b, loc, arith::AddIOp::create(b, loc, start, chunk), count);
        Value length = arith::SelectOp::create(
            b, loc, inRange, arith::SubIOp::create(b, loc, end, start), zero);
        SmallVector<OpFoldResult> offsets{begin}, sizes{length},
            strides{b.getIndexAttr(1)};
        if (innerSize) {
          offsets.push_back(b.getIndexAttr(0));
          sizes.push_back(innerSize);
          strides.push_back(b.getIndexAttr(1));
        }
        Value slice = tensor::ExtractSliceOp::create(b, loc, out, offsets,
                                                     sizes, strides);
        // Each thread sets its own MXCSR.
        Value done =
            flushing()
                ? withSubnormalsFlushed(
                      b, loc, [&] { return emitChunk(begin, length, slice); })
                : emitChunk(begin, length, slice);
        auto terminator = scf::InParallelOp::create(b, loc);
        b.setInsertionPointToStart(terminator.getBody());
        tensor::ParallelInsertSliceOp::create(b, loc, done, out, offsets, sizes,
                                              strides);
      });
  return forall.getResult(0);
}

Value KernelBuilder::emitLoop(Value lower, Value upper, Value step, Value init,
                              function_ref<Value(Value, Value)> body) {
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange{init},
      [&](OpBuilder &nb, Location, Value iv, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        scf::YieldOp::create(b, loc, body(iv, args[0]));
      });
  return loop.getResult(0);
}

Value KernelBuilder::roundDown(Value length, Value unit) {
  return arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, length, unit), unit);
}

std::pair<Value, Value> KernelBuilder::emitSegments(
    const FlatParams &p, Value start, Value length, Value dest,
    function_ref<Value(Value, Value, Value, Value)> emitStep) {
  int64_t entries = blockTableEntries();
  Value zero = indexConstant(b, loc, 0);
  Value segment = indexConstant(b, loc, entries * plan.blockSize);
  Value segmentsEnd = roundDown(length, segment);
  // Per parameter: its table's type, or null (an f32 scale is read in
  // place; no zero point). (In nativeF16 loops, tables of f16 scales
  // and i16 zero points ran at 1.29-1.34x with f8E4M3FN, f8E4M3FNUZ and
  // f8E5M2FNUZ x but at 0.79x with f8E5M2 x and 0.86-0.88x with i8 and
  // ui8 x: blocked-32 at 64 Ki elements on an AVX512_FP16 Xeon,
  // bench/HISTORY.md, 2026-12-02. They stay f32 and the subtracted type.)
  Type scaleTableType =
      decodesToItself(scaleElement, b.getF32Type()) && scalesReadInPlace()
          ? Type()
          : b.getF32Type();
  // (A stored zero point is never the subtracted type: that is wider.)
  Type zpTableType;
  if (p.zpTableReader)
    zpTableType = subtractedZeroPointType(zeroPointElement());
  // (The bounds of smallProductsOfX, where the steps take it: one per
  // block, computed once per segment.)
  Type boundTableType;
  if (takesTinyBoundTable())
    boundTableType = b.getI16Type();
  SmallVector<Value> inits{dest};
  for (Type tableType : {scaleTableType, zpTableType, boundTableType})
    if (tableType)
      inits.push_back(scratchTable(entries, tableType));
  auto segments = scf::ForOp::create(
      b, loc, zero, segmentsEnd, segment, inits,
      [&](OpBuilder &nb, Location, Value s, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Value firstEntry = arith::DivUIOp::create(
            b, loc, arith::AddIOp::create(b, loc, start, s),
            indexConstant(b, loc, plan.blockSize));
        SmallVector<Value> results{args[0]};
        // A table and the index of the segment's first entry in it.
        Value scaleTable = p.scaleFlat, scaleBase = firstEntry;
        Value zpTable;
        unsigned next = 1;
        if (scaleTableType) {
          scaleTable = fillBlockTable(args[next++], *p.scaleTableReader,
                                      firstEntry, /*isScale=*/true);
          scaleBase = zero;
          results.push_back(scaleTable);
        }
        if (zpTableType) {
          zpTable = fillBlockTable(args[next++], *p.zpTableReader, firstEntry,
                                   /*isScale=*/false);
          results.push_back(zpTable);
        }
        Value boundTable;
        if (boundTableType) {
          boundTable = fillBlockTable(args[next++], *p.scaleTableReader,
                                      firstEntry, /*isScale=*/true,
                                      /*tinyBounds=*/true);
          results.push_back(boundTable);
        }
        results[0] =
            emitLoop(zero, segment, indexConstant(b, loc, lanes), args[0],
                     [&](Value local, Value acc) {
                       Value scale =
                           readBlockTable(scaleTable, scaleBase, local);
                       if (boundTable)
                         tinyProductBounds[peelScalarBroadcast(scale)] =
                             peelScalarBroadcast(
                                 readBlockTable(boundTable, zero, local));
                       Value zp;
                       if (zpTable)
                         zp = readBlockTable(zpTable, zero, local);
                       Value j = arith::AddIOp::create(b, loc, s, local);
                       return emitStep(j, acc, scale, zp);
                     });
        scf::YieldOp::create(b, loc, results);
      });
  return {segments.getResult(0), segmentsEnd};
}

std::pair<Value, Value> KernelBuilder::emitPeriodTiles(
    function_ref<Value(Value)> tableScale,
    function_ref<Value(Value)> tableZeroPoint, Value length, Value dest,
    function_ref<Value(Value, Value, Value, Value)> emitStep) {
  int64_t tilePeriods = periodTileCount();
  Value zero = indexConstant(b, loc, 0);
  Value tile = indexConstant(b, loc, tilePeriods * plan.period);
  Value tilesEnd = roundDown(length, tile);
  Value tiles = emitLoop(zero, tilesEnd, tile, dest, [&](Value t, Value acc) {
    return emitLoop(
        zero, indexConstant(b, loc, plan.period), indexConstant(b, loc, lanes),
        acc, [&](Value c, Value acc) {
          Value scale = tableScale(c);
          Value zp =
              tableZeroPoint ? widenZeroPoint(tableZeroPoint(c)) : Value();
          Value first = arith::AddIOp::create(b, loc, t, c);
          for (int64_t r = 0; r < tilePeriods; ++r) {
            Value j = arith::AddIOp::create(
                b, loc, first, indexConstant(b, loc, r * plan.period));
            acc = emitStep(j, acc, scale, zp);
          }
          return acc;
        });
  });
  return {tiles, tilesEnd};
}

Value KernelBuilder::emitRange(const StoredReader &xReader, const FlatParams &p,
                               Value start, OpFoldResult lengthSize,
                               Value dest) {
  Value length = getValueOrCreateConstantIndexOp(b, loc, lengthSize);
  Value periodValue = indexConstant(b, loc, plan.period);
  Value zero = indexConstant(b, loc, 0);
  // The table offset of element `start`.
  Value firstOffset = zero;
  if (plan.scheme == Scheme::AxisTable)
    firstOffset = arith::RemUIOp::create(b, loc, start, periodValue);
  bool hasScaleTable = p.scaleTable || p.scaleDirect;
  bool hasZpTable = p.zpTable || p.zpDirect;
  auto tableScale = [&](Value offset) { return readAxisScale(p, offset); };
  auto tableZeroPoint = [&](Value offset) {
    return readAxisZeroPoint(p, offset);
  };
  // A table whose period is one step (P' == lanes) gives every step the
  // same vectors: read them once, outside the loop (code selection: its
  // choices, computed once).
  bool invariantTable =
      plan.scheme == Scheme::AxisTable && plan.period == lanes;
  Value scaleVector = p.scaleVector, zpVector = p.zpVector;
  Value choiceVector;
  if (codeSelect && invariantTable) {
    choiceVector = codeChoices(p, firstOffset);
  } else if (invariantTable) {
    if (hasScaleTable)
      scaleVector = tableScale(firstOffset);
    if (hasZpTable)
      zpVector = tableZeroPoint(firstOffset);
  }
  // `sharedScale`/`sharedZp`: the step's parameters when the caller read
  // them (segment tables, period tiles), else read here.
  auto body = [&](Value j, Value offset, Value acc, bool inBounds,
                  Value sharedScale = Value(),
                  Value sharedZp = Value()) -> Value {
    Value i = arith::AddIOp::create(b, loc, start, j);
    if (p.lookup)
      return lookupStep(xReader, *p.lookup, ValueRange{i}, ValueRange{j}, acc,
                        inBounds);
    if (choiceVector)
      return selectStep(xReader, choiceVector, i, j, acc, inBounds);
    if (p.choiceTable)
      return selectStep(xReader, readChoices(p.choiceTable, offset), i, j, acc,
                        inBounds);
    Value scale = sharedScale ? sharedScale : scaleVector;
    Value zp = sharedZp ? sharedZp : zpVector;
    if (!sharedScale && hasScaleTable && !invariantTable)
      scale = tableScale(offset);
    else if (!sharedScale && p.scaleFlat)
      scale = readBlockFlat(p.scaleFlat, scaleElement, i, p.count, true,
                            p.scaleReader, inBounds);
    if (!sharedZp && hasZpTable && !invariantTable)
      zp = tableZeroPoint(offset);
    else if (!sharedZp && p.zpFlat)
      zp = readBlockFlat(p.zpFlat, zeroPointElement(), i, p.count, false,
                         p.zpReader, inBounds);
    if (blockLookup)
      return vector::TransferWriteOp::create(
                 b, loc, blockLookupStep(xReader, i, inBounds, scale, zp), acc,
                 ValueRange{j}, ArrayRef<bool>{inBounds})
          .getResult();
    auto [xStored, xType] = readX(xReader, ValueRange{i}, inBounds);
    return dequantizeInto(xStored, xType, scale, zp, acc, ValueRange{j},
                          inBounds);
  };

  Value step = indexConstant(b, loc, lanes);
  Value full = roundDown(length, step);
  // Block tables: whole segments first; the steps after the last one read
  // their entries as below.
  Value stepsFrom = zero;
  std::optional<int64_t> staticLength = getConstantIntValue(lengthSize);
  if (int64_t entries = blockTableEntries();
      entries && (!staticLength || *staticLength >= entries * plan.blockSize)) {
    std::tie(dest, stepsFrom) = emitSegments(
        p, start, length, dest, [&](Value j, Value acc, Value scale, Value zp) {
          return body(j, zero, acc, /*inBounds=*/true, scale, zp);
        });
  } else if (int64_t columns = columnBlockColumns();
             columns && (!staticLength || *staticLength >= plan.period)) {
    std::tie(dest, stepsFrom) = emitColumnBlocks(
        columns, length, dest, [&](Value j, Value offset, Value acc) {
          return body(j, offset, acc, /*inBounds=*/true);
        });
  } else if (int64_t tilePeriods = periodTileCount();
             tilePeriods &&
             (!staticLength || *staticLength >= tilePeriods * plan.period)) {
    // The steps after the last whole tile start at a multiple of the
    // period, so at the table offset of `start`.
    std::tie(dest, stepsFrom) = emitPeriodTiles(
        tableScale,
        hasZpTable ? function_ref<Value(Value)>(tableZeroPoint) : nullptr,
        length, dest, [&](Value j, Value acc, Value scale, Value zp) {
          return body(j, zero, acc, /*inBounds=*/true, scale, zp);
        });
  }
  auto loop = scf::ForOp::create(
      b, loc, stepsFrom, full, step, ValueRange{dest, firstOffset},
      [&](OpBuilder &nb, Location, Value j, ValueRange args) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        Value acc = body(j, args[1], args[0], /*inBounds=*/true);
        Value offset = args[1];
        if (plan.scheme == Scheme::AxisTable && !invariantTable) {
          // offset = (offset + lanes) mod P', as one compare and select.
          Value next = arith::AddIOp::create(b, loc, offset, step);
          Value wrapped = arith::SubIOp::create(b, loc, next, periodValue);
          Value wraps = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                              next, periodValue);
          offset = arith::SelectOp::create(b, loc, wraps, wrapped, next);
        }
        scf::YieldOp::create(b, loc, ValueRange{acc, offset});
      });
  Value result = loop.getResult(0);
  Value tailOffset = loop.getResult(1);

  // The tail: fewer than `lanes` elements, read and written masked.
  if (std::optional<int64_t> count = getConstantIntValue(lengthSize)) {
    if (*count % lanes == 0)
      return result;
    return body(full, tailOffset, result, /*inBounds=*/false);
  }
  Value hasTail =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, full, length);
  auto tail = scf::IfOp::create(
      b, loc, hasTail,
      [&](OpBuilder &nb, Location) {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
        scf::YieldOp::create(
            b, loc, body(full, tailOffset, result, /*inBounds=*/false));
      },
      [&](OpBuilder &nb, Location) { scf::YieldOp::create(nb, loc, result); });
  return tail.getResult(0);
}

Value KernelBuilder::readAxisScale(const FlatParams &p, Value offset) {
  if (p.scaleDirect)
    return decodeScale(p.scaleDirect->read(b, loc, offset, lanes, true));
  Type entry = cast<RankedTensorType>(p.scaleTable.getType()).getElementType();
  Value scale = readTable(p.scaleTable, offset, entry);
  // (f16 scales of nativeF16 loops: widened, which nativeF16Product
  // looks through.)
  if (entry.isF16())
    return arith::ExtFOp::create(b, loc, vectorOf(b.getF32Type()), scale);
  if (p.scaleTableInPlace && foldsScales())
    return timesPowerOfTwo(b, loc, scale, foldedRebias);
  if (p.scaleTableSplit)
    splitScales.insert(scale);
  if (p.tinyBoundTable)
    tinyProductBounds[scale] =
        readTable(p.tinyBoundTable, offset, b.getI16Type());
  return scale;
}

Value KernelBuilder::readAxisZeroPoint(const FlatParams &p, Value offset) {
  if (p.zpDirect)
    return decodeZeroPoint(p.zpDirect->read(b, loc, offset, lanes, true));
  return preparedTableZeroPoint(readTable(p.zpTable, offset, p.zpEntryType));
}

Value KernelBuilder::codeChoices(const FlatParams &p, Value offset) {
  int64_t choices = LookupTable::choicesPerStep(xElement);
  // Lane c * lanes + l: code c, with lane l's parameters.
  SmallVector<int64_t> codeOf, laneOf;
  for (int64_t c = 0; c < choices; ++c)
    for (int64_t l = 0; l < lanes; ++l) {
      codeOf.push_back(c);
      laneOf.push_back(l);
    }
  Value codes = LookupTable::storedCodes(b, loc, xElement, choices);
  codes = vector::ShuffleOp::create(b, loc, codes, codes, codeOf);
  auto perChoice = [&](Value perLane) -> Value {
    if (!perLane)
      return perLane;
    return vector::ShuffleOp::create(b, loc, perLane, perLane, laneOf);
  };
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value scale = perChoice(readAxisScale(p, offset));
  Value zp;
  if (p.zpTable || p.zpDirect)
    zp = perChoice(readAxisZeroPoint(p, offset));
  else if (p.zpVector)
    zp = perChoice(p.zpVector);
  return toStoreForm(dequantize(codes, xElement, scale, zp));
}

Value KernelBuilder::buildChoiceTable(const FlatParams &p) {
  int64_t choices = LookupTable::choicesPerStep(xElement);
  Value zero = indexConstant(b, loc, 0);
  return emitLoop(
      zero, indexConstant(b, loc, plan.period), indexConstant(b, loc, lanes),
      scratchTable(choices * plan.period, storeElement),
      [&](Value offset, Value table) {
        Value results = codeChoices(p, offset);
        Value at = arith::MulIOp::create(b, loc, offset,
                                         indexConstant(b, loc, choices));
        return vector::TransferWriteOp::create(b, loc, results, table, at,
                                               ArrayRef<bool>{true})
            .getResult();
      });
}

int64_t KernelBuilder::columnBlockColumns() const {
  // Only choice tables: the scale and zero-point tables of per-axis C=4096
  // in column blocks of 1024 ran at 0.51-0.78x the host's period tiles of 4
  // at 4 Mi on Zen 4 (bench/HISTORY.md, 2026-12-06 07:08 UTC).
  if (!codeSelect || plan.period == lanes)
    return 0;
  int64_t stepBytes = LookupTable::choiceStepBytes(xElement, yElement, lanes);
  int64_t steps = plan.period / lanes;
  // At least one step per block (LookupTable::selectsCodes).
  int64_t blockSteps = std::max<int64_t>(1, codeSelectBlockBytes / stepBytes);
  if (blockSteps >= steps)
    return 0;
  int64_t blocks = llvm::divideCeil(steps, blockSteps);
  return llvm::divideCeil(steps, blocks) * lanes;
}

std::pair<Value, Value> KernelBuilder::emitColumnBlocks(
    int64_t columns, Value length, Value dest,
    function_ref<Value(Value, Value, Value)> emitStep) {
  Value zero = indexConstant(b, loc, 0);
  Value period = indexConstant(b, loc, plan.period);
  Value columnStep = indexConstant(b, loc, columns);
  Value step = indexConstant(b, loc, lanes);
  Value periodsEnd = roundDown(length, period);
  Value result =
      emitLoop(zero, period, columnStep, dest, [&](Value first, Value acc) {
        Value last = arith::AddIOp::create(b, loc, first, columnStep);
        if (plan.period % columns != 0)
          last = arith::MinUIOp::create(b, loc, last, period);
        return emitLoop(
            zero, periodsEnd, period, acc, [&](Value row, Value acc) {
              return emitLoop(first, last, step, acc, [&](Value c, Value acc) {
                Value j = arith::AddIOp::create(b, loc, row, c);
                return emitStep(j, c, acc);
              });
            });
      });
  return {result, periodsEnd};
}

Value KernelBuilder::readChoices(Value table, Value offset) {
  int64_t choices = LookupTable::choicesPerStep(xElement);
  Value at =
      arith::MulIOp::create(b, loc, offset, indexConstant(b, loc, choices));
  Value padding =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(storeElement));
  return vector::TransferReadOp::create(
      b, loc, VectorType::get({choices * lanes}, storeElement), table,
      ValueRange{at}, padding, ArrayRef<bool>{true});
}

Value KernelBuilder::selectStep(const StoredReader &xReader, Value choices,
                                Value i, Value j, Value acc, bool inBounds) {
  Value bytes = xReader.readBytes(b, loc, ValueRange{i}, lanes, inBounds);
  Value y = LookupTable::selectByCodes(b, loc, bytes, xReader.getPackedBits(),
                                       choices);
  return vector::TransferWriteOp::create(b, loc, y, acc, ValueRange{j},
                                         ArrayRef<bool>{inBounds})
      .getResult();
}

Value KernelBuilder::blockLookupStep(const StoredReader &xReader, Value i,
                                     bool inBounds, Value scale, Value zp) {
  int64_t block = plan.blockSize;
  int64_t blocks = std::max<int64_t>(1, lanes / block);
  int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
  SmallVector<int64_t> firstLanes;
  for (int64_t k = 0; k < blocks; ++k)
    firstLanes.append(perBlock, k * block);
  auto perEntry = [&](Value perLane) -> Value {
    if (!perLane)
      return perLane;
    return vector::ShuffleOp::create(b, loc, perLane, perLane, firstLanes);
  };
  SmallVector<int64_t> blockOfLane;
  if (blocks > 1)
    for (int64_t e = 0; e < lanes; ++e)
      blockOfLane.push_back(e / block);
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value entryScale = perEntry(scale);
  Value entryZp = perEntry(zp);
  return lookUpBlockCodes(xReader, ValueRange{i}, inBounds, entryScale, entryZp,
                          blockOfLane);
}

Value KernelBuilder::lookUpBlockCodes(const StoredReader &xReader,
                                      ValueRange readIndices, bool inBounds,
                                      Value entryScale, Value entryZp,
                                      ArrayRef<int64_t> blockOfLane) {
  int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
  int64_t used = vectorWidth(entryScale);
  auto blockOf = [&](int64_t lane) {
    return blockOfLane.empty() ? 0 : blockOfLane[lane];
  };
  Value codes = LookupTable::storedCodes(b, loc, xElement, used);
  Value entries = dequantize(codes, xElement, entryScale, entryZp);
  if (yElement.isF32()) {
    Value bytes = xReader.readBytes(b, loc, readIndices, lanes, inBounds);
    Value indices =
        LookupTable::packedIndices(b, loc, bytes, xReader.getPackedBits());
    auto slice = [&](Value vector, int64_t offset) -> Value {
      return extractPart(b, loc, vector, offset, 16);
    };
    // Each 16 lanes (one register) lie in one block: its table.
    Value y =
        arith::ConstantOp::create(b, loc, b.getZeroAttr(vectorOf(yElement)));
    for (int64_t r = 0; r < lanes; r += 16) {
      Value table = slice(entries, perBlock * blockOf(r));
      Value part = TableLookupOp::create(b, loc, table, slice(indices, r));
      y = vector::InsertStridedSliceOp::create(
          b, loc, part, y, ArrayRef<int64_t>{r}, ArrayRef<int64_t>{1});
    }
    return y;
  }
  auto readCodes = [&] {
    return xReader.read(b, loc, readIndices, lanes, inBounds,
                        /*rawCodes=*/true);
  };
  // Byte planes of `count` entries, entry e the result first + e % period
  // of `entries`.
  Value entryBytes = vector::BitCastOp::create(
      b, loc, VectorType::get({2 * used}, b.getI8Type()), entries);
  auto planesOf = [&](int64_t count, int64_t first, int64_t period) {
    return LookupTable::repeatedBytePlanes(b, loc, entryBytes, count, first,
                                           period);
  };
  // Each index is its code plus perBlock * its lane's block in the step.
  SmallVector<int64_t> offsets;
  for (int64_t block : blockOfLane)
    offsets.push_back(perBlock * block);
  if (blockWordLookup && used <= 32) {
    Value bytes = xReader.readBytes(b, loc, readIndices, lanes, inBounds);
    Value codes = UnpackBitsOp::create(
        b, loc, VectorType::get({lanes}, b.getI16Type()), bytes,
        xReader.getPackedBits(), /*sign_extend=*/false);
    return LookupTable::lookupBlockWords(b, loc, entries, codes, offsets);
  }
  if (!blockPlanesShared) {
    // Planes of 16 entries per block (block k's codes, repeated to fill
    // them), each looked up by the step's lanes in block k (block flat:
    // the steps' lanes lie in whole blocks). 4-bit codes on 256-bit
    // registers are unpacked in the in-lane order, so that the looked-up
    // bytes interleave in-lane.
    int64_t slice = std::min(plan.blockSize, lanes);
    bool inLaneOrder = xReader.getPackedBits() == 4 && blockLookupBytes == 32 &&
                       slice % 32 == 0 && lanes % 64 == 0;
    Value xCodes =
        inLaneOrder
            ? unpackNibblesInLaneOrder(
                  b, loc,
                  xReader.readBytes(b, loc, readIndices, lanes, inBounds))
            : readCodes();
    SmallVector<int64_t> elementAt;
    if (inLaneOrder)
      elementAt = LookupTable::laneOrder(slice, 32);
    Value y = arith::ConstantOp::create(
        b, loc, b.getZeroAttr(VectorType::get({lanes}, b.getI16Type())));
    for (int64_t r = 0; r < lanes; r += slice) {
      auto [low, high] = planesOf(16, perBlock * blockOf(r), perBlock);
      Value codes = extractPart(b, loc, xCodes, r, slice);
      Value part = inLaneOrder
                       ? LookupTable::lookupWordsOrdered(b, loc, low, high,
                                                         codes, elementAt)
                       : LookupTable::lookupWords(b, loc, low, high, codes);
      y = vector::InsertStridedSliceOp::create(
          b, loc, part, y, ArrayRef<int64_t>{r}, ArrayRef<int64_t>{1});
    }
    return y;
  }
  // Planes of 64 entries: block k of the step at entries perBlock * k to
  // perBlock * (k + 1) - 1 (repeated to fill the table).
  auto [low, high] = planesOf(64, 0, used);
  Value xCodes = readCodes();
  return LookupTable::lookupWordsInLaneOrder(b, loc, low, high, xCodes,
                                             offsets);
}

Value KernelBuilder::lookupStep(const StoredReader &xReader,
                                const LookupTable &table,
                                ValueRange readIndices, ValueRange writeIndices,
                                Value acc, bool inBounds) {
  Value y;
  if (table.takesPackedBytes()) {
    Value bytes = xReader.readBytes(b, loc, readIndices, lanes, inBounds);
    y = table.lookupPacked(b, loc, bytes, xReader.getPackedBits());
  } else {
    Value codes = xReader.read(b, loc, readIndices, lanes, inBounds,
                               /*rawCodes=*/true);
    // On 512-bit registers, the interleave of the planes in-lane: packed
    // codes are unpacked with a shuffle, which takes the reorder; loaded
    // 8-bit codes take it as one qword permute (it moves runs of 8).
    // Measured on Zen 4 (A/B, 2026-11-24 21:08 UTC, 64 Ki / 4 Mi): i8
    // per-tensor -> f16 82.9 / 81.2 -> 97.9 / 90.5 GB/s, f8E4M3FN
    // per-axis rows -> f16 77.1 / 73.5 -> 86.2 / 81.2.
    bool inLaneOrder = registerLanes == 16 && lanes % 64 == 0;
    y = table.lookup(b, loc, codes, inLaneOrder);
  }
  return vector::TransferWriteOp::create(b, loc, y, acc, writeIndices,
                                         ArrayRef<bool>{inBounds})
      .getResult();
}

Value KernelBuilder::rowStep(const StoredReader &xReader, Value r, Value local,
                             Value j, Value acc, Value scale, Value zp,
                             bool inBounds) {
  auto [xStored, xType] = readX(xReader, ValueRange{r, j}, inBounds);
  return dequantizeInto(xStored, xType, scale, zp, acc, ValueRange{local, j},
                        inBounds);
}

Value KernelBuilder::dequantizeInto(Value xStored, Type xType, Value scale,
                                    Value zp, Value acc, ValueRange indices,
                                    bool inBounds) {
  auto xVector = cast<VectorType>(xStored.getType());
  int64_t width = xVector.getNumElements();
  bool perRegister = inBounds && yElement.isF16() &&
                     !takesNativeF16(xStored, xType) && !joinF16Stores &&
                     !(codeTables && fastPaths) && registerLanes >= 8 &&
                     (width > registerLanes || separateF16Stores) &&
                     width % registerLanes == 0;
  if (!perRegister)
    return vector::TransferWriteOp::create(
               b, loc, toStoreForm(dequantize(xStored, xType, scale, zp)), acc,
               indices, ArrayRef<bool>{inBounds})
        .getResult();
  Value products = product(xStored, xType, scale, zp);
  SmallVector<Value> at(indices);
  for (int64_t k = 0; k < width; k += registerLanes) {
    Value part = extractPart(b, loc, products, k, registerLanes);
    Value y =
        toStoreForm(convertF32ToResult(b, loc, part, yElement, bf16Rounding()));
    if (separateF16Stores)
      y = createRegisterBarrier(b, loc, y);
    if (k > 0)
      at.back() = arith::AddIOp::create(b, loc, indices.back(),
                                        indexConstant(b, loc, k));
    acc = vector::TransferWriteOp::create(b, loc, y, acc, at,
                                          ArrayRef<bool>{true})
              .getResult();
  }
  return acc;
}
