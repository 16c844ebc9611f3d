//===- RowLoops.cpp - loops over rows of x --------------------------------===//
//
// The rows and block rows schemes: x viewed as rows with their own steps,
// the row tables of their parameters, and the groups of block rows.
// (KernelBuilder.h describes the schemes.)
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"
#include "Utils.h"

#include "qdq/Conversion/PackedSubByteToLLVM/PackedSubByteToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::qdq;
using namespace mlir::qdq::detail;

Value KernelBuilder::emitRowLoops(
    Value rows, OpFoldResult rowLength, Value init,
    function_ref<Value(Value, Value, Value)> rowBody,
    function_ref<Value(Value, Value, Value)> tileBody, int64_t tileRows) {
  return emitRowLoops(
      rows, rowLength, init, /*scratchTypes=*/{},
      [&](Value r, Value local, Value acc, MutableArrayRef<Value>) {
        return rowBody(r, local, acc);
      },
      tileBody, tileRows);
}

Value KernelBuilder::emitRowLoops(
    Value rows, OpFoldResult rowLength, Value init,
    ArrayRef<RankedTensorType> scratchTypes,
    function_ref<Value(Value, Value, Value, MutableArrayRef<Value>)> rowBody,
    function_ref<Value(Value, Value, Value)> tileBody, int64_t tileRows) {
  assert((scratchTypes.empty() || !tileBody) && "tiles take no scratch");
  assert((!tileBody || tileRows > 1) && "a tile takes several rows");
  Value zero = indexConstant(b, loc, 0);
  Value one = indexConstant(b, loc, 1);
  // Rows [first, first + count) into `dest`, a [count, rowLength] tensor
  // written at local row indices.
  auto emitRows = [&](Value first, Value count, Value dest) -> Value {
    Value from = zero;
    if (tileBody) {
      Value tile = indexConstant(b, loc, tileRows);
      from = roundDown(count, tile);
      dest = emitLoop(zero, from, tile, dest, [&](Value local, Value acc) {
        return tileBody(arith::AddIOp::create(b, loc, first, local), local,
                        acc);
      });
    }
    SmallVector<Value> inits{dest};
    for (RankedTensorType type : scratchTypes)
      inits.push_back(
          bufferization::AllocTensorOp::create(b, loc, type, ValueRange{}));
    auto loop = scf::ForOp::create(
        b, loc, from, count, one, inits,
        [&](OpBuilder &nb, Location, Value local, ValueRange args) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(nb.getInsertionBlock(), nb.getInsertionPoint());
          SmallVector<Value> results(args.begin(), args.end());
          results[0] =
              rowBody(arith::AddIOp::create(b, loc, first, local), local,
                      args[0], MutableArrayRef<Value>(results).drop_front());
          scf::YieldOp::create(b, loc, results);
        });
    return loop.getResult(0);
  };
  std::optional<int64_t> staticRows = getConstantIntValue(rows);
  std::optional<int64_t> staticLength = getConstantIntValue(rowLength);
  if (numThreads <= 1 || (staticRows && staticLength &&
                          *staticRows * *staticLength < parallelThreshold))
    return emitRows(zero, rows, init);
  Value elements = arith::MulIOp::create(
      b, loc, rows, getValueOrCreateConstantIndexOp(b, loc, rowLength));
  return emitChunked(rows, elements, /*granule=*/1, init, rowLength, emitRows);
}

Value KernelBuilder::emitRowSteps(
    OpFoldResult rowLength, Value acc,
    function_ref<Value(Value, Value, bool)> step) {
  Value lanesValue = indexConstant(b, loc, lanes);
  Value length = getValueOrCreateConstantIndexOp(b, loc, rowLength);
  Value full = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, length, lanesValue), lanesValue);
  acc = emitLoop(indexConstant(b, loc, 0), full, lanesValue, acc,
                 [&](Value j, Value acc) { return step(j, acc, true); });
  if (std::optional<int64_t> staticLength = getConstantIntValue(rowLength))
    return *staticLength % lanes ? step(full, acc, false) : acc;
  Value hasRest =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, full, length);
  return scf::IfOp::create(
             b, loc, hasRest,
             [&](OpBuilder &nb, Location) {
               OpBuilder::InsertionGuard guard(b);
               b.setInsertionPoint(nb.getInsertionBlock(),
                                   nb.getInsertionPoint());
               scf::YieldOp::create(b, loc, step(full, acc, false));
             },
             [&](OpBuilder &nb, Location) {
               scf::YieldOp::create(nb, loc, acc);
             })
      .getResult(0);
}

Value KernelBuilder::rowsFrom(Value tensor, int64_t axis) {
  if (axis > 0)
    return asRows(b, loc, tensor, axis - 1);
  Value flat = flatten(b, loc, tensor);
  auto type = cast<RankedTensorType>(flat.getType());
  return tensor::ExpandShapeOp::create(
      b, loc,
      RankedTensorType::get({1, type.getDimSize(0)}, type.getElementType()),
      flat, ArrayRef<ReassociationIndices>{{0, 1}},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1),
                             tensor::getMixedSize(b, loc, flat, 0)});
}

Value KernelBuilder::readRowEntries(Value param2d, Value r, Value first,
                                    int64_t count, bool inBounds, Value last) {
  Type storage = getElementTypeOrSelf(param2d.getType());
  VectorType type = VectorType::get({count}, storage);
  if (count > 1 && storage.getIntOrFloatBitWidth() >= 8)
    return readVector(b, loc, type, param2d, ValueRange{r, first}, inBounds);
  SmallVector<Value> values;
  for (int64_t e = 0; e < count; ++e) {
    Value index =
        arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e));
    if (!inBounds)
      index = arith::MinUIOp::create(b, loc, index, last);
    values.push_back(
        tensor::ExtractOp::create(b, loc, param2d, ValueRange{r, index}));
  }
  if (count == 1)
    return values[0];
  return vector::FromElementsOp::create(b, loc, type, values);
}

Value KernelBuilder::lastEntryOf(Value param2d) {
  return arith::SubIOp::create(b, loc,
                               tensor::DimOp::create(b, loc, param2d, 1),
                               indexConstant(b, loc, 1));
}

Value KernelBuilder::buildRowsAlongAxis() {
  int64_t run = plan.alongRun;
  bool perAxis = plan.blockSize == 0;
  Value x2d = rowsFrom(op.getX(), plan.axis);
  OpFoldResult rowCount = tensor::getMixedSize(b, loc, x2d, 0);
  OpFoldResult rowLength = tensor::getMixedSize(b, loc, x2d, 1);
  StoredReader xReader(b, loc, x2d, rowLength);
  Value init = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{rowCount, rowLength}, storeElement);
  // Per-axis: the 1-D parameters, read at the step's column. Blocked:
  // [M, S] storage tensors.
  // (Groups read per-axis parameters as one [1, K] row.)
  auto view = [&](Value param) -> Value {
    if (perAxis && !plan.groupedRuns)
      return param;
    return bitcastToStorage(b, loc, rowsFrom(param, perAxis ? 0 : plan.axis));
  };
  Value scales = view(op.getScale()), zps;
  Value zpScalar;
  if (hasOneElementZeroPoint())
    zpScalar = broadcastFirstZeroPoint();
  else if (zeroPoint)
    zps = view(zeroPoint);
  std::optional<StoredReader> scaleReader, zpReader;
  if (perAxis && !plan.groupedRuns) {
    scaleReader.emplace(b, loc, scales, 0);
    if (zps)
      zpReader.emplace(b, loc, zps, 0);
  }
  auto decodeScaleFn = [&](Value stored) { return decodeScale(stored); };
  auto decodeZeroPointFn = [&](Value stored) {
    return decodeZeroPoint(stored);
  };
  // Entries of one parameter for the step at column j of row r, decoded
  // with `decode`. Blocked entries are decoded before they are broadcast
  // or spread over the lanes (a scalar or lanes / B entries, not a
  // vector of lanes).
  auto entries = [&](Value param, const std::optional<StoredReader> &reader,
                     Value r, Value j, bool inBounds,
                     function_ref<Value(Value)> decode) -> Value {
    if (perAxis)
      return decode(reader->read(b, loc, ValueRange{j}, lanes, inBounds));
    Value first = arith::DivUIOp::create(b, loc, j, indexConstant(b, loc, run));
    auto broadcastEntry = [&](Value k) -> Value {
      Value value =
          decode(tensor::ExtractOp::create(b, loc, param, ValueRange{r, k}));
      return vector::BroadcastOp::create(b, loc, vectorOf(value.getType()),
                                         value);
    };
    if (run % lanes == 0)
      return broadcastEntry(first);
    if (run > lanes) {
      // At most two blocks: the first up to the next block's first
      // column (a prefix mask), the next one after it (clamped to the
      // row's last block; lanes past the row are not stored).
      Value next =
          arith::AddIOp::create(b, loc, first, indexConstant(b, loc, 1));
      Value before = arith::SubIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, next, indexConstant(b, loc, run)), j);
      Value inFirst = vector::CreateMaskOp::create(
          b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{before});
      return arith::SelectOp::create(b, loc, inFirst, broadcastEntry(first),
                                     broadcastEntry(arith::MinUIOp::create(
                                         b, loc, next, lastEntryOf(param))));
    }
    // A packed zero point is read entry by entry (lanes past the row, in
    // the masked step, take its last entry and are not stored).
    Value read = decode(readRowEntries(param, r, first, lanes / run, inBounds,
                                       lastEntryOf(param)));
    SmallVector<int64_t> spread;
    for (int64_t lane = 0; lane < lanes; ++lane)
      spread.push_back(lane / run);
    return vector::ShuffleOp::create(b, loc, read, read,
                                     b.getDenseI64ArrayAttr(spread));
  };
  Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
  // `count` rows from r (local row `local`), each column step reading and
  // decoding its parameters once for all of them.
  auto emitRowGroup = [&](Value r, Value local, Value dest, int64_t count) {
    return emitRowSteps(
        rowLength, dest, [&](Value j, Value acc, bool inBounds) {
          Value scale =
              entries(scales, scaleReader, r, j, inBounds, decodeScaleFn);
          Value zp = zpScalar;
          if (zps)
            zp = entries(zps, zpReader, r, j, inBounds, decodeZeroPointFn);
          for (int64_t t = 0; t < count; ++t) {
            Value offset = indexConstant(b, loc, t);
            Value row = arith::AddIOp::create(b, loc, r, offset);
            Value localRow =
                local == r ? row : arith::AddIOp::create(b, loc, local, offset);
            acc = rowStep(xReader, row, localRow, j, acc, scale, zp, inBounds);
          }
          return acc;
        });
  };
  // Per-axis rows share their parameters: tiles of `period-tile` rows
  // (a row is one period; rowTile) share each step's reads and decoding,
  // as the period tiles of the static form.
  // Blocks that neither divide nor are whole steps (Plan::groupedRuns):
  // the groups of block rows, reading the entries of row r directly.
  auto readEntries = [&](Value param2d, bool isScale, Value r, Value first,
                         int64_t count, bool inBounds) -> Value {
    if (perAxis)
      r = indexConstant(b, loc, 0);
    Value stored = readRowEntries(param2d, r, first, count, inBounds,
                                  lastEntryOf(param2d));
    return isScale ? decodeScale(stored) : decodeZeroPoint(stored);
  };
  Value result = emitRowLoops(
      rows, rowLength, init,
      [&](Value r, Value local, Value dest) {
        if (plan.groupedRuns) {
          BlockRowInputs in{xReader, readEntries, scales, zps, zpScalar};
          return emitRowOfGroups(in, r, local, dest, rowLength);
        }
        return emitRowGroup(r, local, dest, 1);
      },
      perAxis && !plan.groupedRuns && rowTile > 1
          ? function_ref<Value(Value, Value, Value)>(
                [&](Value r, Value local, Value dest) {
                  return emitRowGroup(r, local, dest, rowTile);
                })
          : nullptr,
      rowTile);
  if (plan.axis == 0)
    return unflatten(tensor::CollapseShapeOp::create(
        b, loc, result, ArrayRef<ReassociationIndices>{{0, 1}}));
  return expandRows(result, plan.axis - 1);
}

Value KernelBuilder::expandRows(Value result, int64_t split) {
  auto yType = op.getY().getType();
  ReassociationIndices outerDims, innerDims;
  for (int64_t d = 0; d < yType.getRank(); ++d)
    (d <= split ? outerDims : innerDims).push_back(d);
  return expandTo(b, loc, fromStoreForm(result), yType,
                  ArrayRef<ReassociationIndices>{outerDims, innerDims},
                  tensor::getMixedSizes(b, loc, op.getX()));
}

Value KernelBuilder::buildRows() {
  if (plan.alongRun)
    return buildRowsAlongAxis();
  Value x2d = asRows(b, loc, op.getX(), plan.axis);
  OpFoldResult rowCount = tensor::getMixedSize(b, loc, x2d, 0);
  OpFoldResult rowLength = tensor::getMixedSize(b, loc, x2d, 1);
  StoredReader xReader(b, loc, x2d, rowLength);
  Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
  Value init = tensor::EmptyOp::create(
      b, loc, ArrayRef<OpFoldResult>{rowCount, rowLength}, storeElement);
  bool blocked = plan.blockSize > 0;
  Value scale2d, zp2d;
  std::optional<StoredReader> zpReader;
  if (blocked) {
    scale2d = asRows(b, loc, op.getScale(), plan.axis);
    if (zeroPoint && !hasOneElementZeroPoint()) {
      zp2d = asRows(b, loc, zeroPoint, plan.axis);
      zpReader.emplace(b, loc, zp2d, rowLength);
    }
  }
  std::optional<StoredReader> scaleReader;
  Value scaleStorage, zpStorage;
  if (blocked)
    scaleReader.emplace(b, loc, scale2d, rowLength);
  else
    scaleStorage = bitcastToStorage(b, loc, op.getScale());
  if (zeroPoint)
    zpStorage = bitcastToStorage(b, loc, zeroPoint);
  // A one-element zero point is prepared once: a scalar for the lookup
  // tables of per-axis rows (LookupTable::appliesToRows; each row builds
  // the table of its scale and zero point, and its steps look their codes
  // up), broadcast for the arithmetic.
  Value zpFirst, zpScalar;
  if (hasOneElementZeroPoint()) {
    zpFirst = firstZeroPoint();
    zpScalar = broadcast(zpFirst);
  }

  Value axisDim = getValueOrCreateConstantIndexOp(
      b, loc, tensor::getMixedSize(b, loc, op.getX(), plan.axis));
  Value blocks;
  if (blocked)
    blocks = ShapedType::isDynamic(plan.axisDim)
                 ? arith::CeilDivUIOp::create(
                       b, loc, axisDim, indexConstant(b, loc, plan.blockSize))
                       .getResult()
                 : indexConstant(b, loc, plan.blocks);
  Value result = emitRowLoops(
      rows, rowLength, init, [&](Value r, Value local, Value dest) {
        Value k = arith::RemUIOp::create(b, loc, r, axisDim);
        if (useLookup) {
          Value scale =
              decodeScale(tensor::ExtractOp::create(b, loc, scaleStorage, k));
          Value zp = zpFirst;
          if (zeroPoint && !zp)
            zp = preparedScalarZeroPoint(zpStorage, k);
          LookupTable table(b, loc, xElement, scale, zp, yElement,
                            lookupF32Entries);
          return emitRowSteps(
              rowLength, dest, [&](Value j, Value acc, bool inBounds) {
                return lookupStep(xReader, table, ValueRange{r, j},
                                  ValueRange{local, j}, acc, inBounds);
              });
        }
        // Per-axis: the row's scalars, decoded once per row.
        Value rowScale, rowZp = zpScalar, paramRow;
        if (!blocked) {
          rowScale = broadcast(
              decodeScale(tensor::ExtractOp::create(b, loc, scaleStorage, k)));
          if (zeroPoint && !zpScalar)
            rowZp = broadcast(preparedScalarZeroPoint(zpStorage, k));
        } else {
          Value m = arith::DivUIOp::create(b, loc, r, axisDim);
          Value rowBase = arith::MulIOp::create(b, loc, m, blocks);
          Value block = arith::DivUIOp::create(
              b, loc, k, indexConstant(b, loc, plan.blockSize));
          paramRow = arith::AddIOp::create(b, loc, rowBase, block);
        }
        auto chunk = [&](Value j, Value acc, bool inBounds) {
          Value scale = rowScale, zp = rowZp;
          if (blocked) {
            scale = decodeScale(scaleReader->read(
                b, loc, ValueRange{paramRow, j}, lanes, inBounds));
            if (zpReader)
              zp = decodeZeroPoint(zpReader->read(
                  b, loc, ValueRange{paramRow, j}, lanes, inBounds));
          }
          return rowStep(xReader, r, local, j, acc, scale, zp, inBounds);
        };
        return emitRowSteps(rowLength, dest, chunk);
      });
  return expandRows(result, plan.axis);
}

Value KernelBuilder::buildBlockRows() {
  if (!plan.remainderRows)
    return unflatten(buildBlockRowsOf(op.getX(), op.getScale(), zeroPoint));
  // A dynamic number of rows M (Plan::remainderRows): the first
  // M - M mod R rows of x (and their parameters) as loop rows of R rows,
  // then the M mod R rows left with a plan of x's own rows, into one flat
  // result. Packed x is not sliced: each part reads the whole x from its
  // first element on.
  int64_t rowsPerLoopRow = plan.rowsPerLoopRow;
  Value x = flatten(b, loc, op.getX());
  Value total = tensor::DimOp::create(b, loc, x, 0);
  Value loopRowLength = indexConstant(b, loc, plan.rowLength);
  Value wholeLength = roundDown(total, loopRowLength);
  Value restLength = arith::SubIOp::create(b, loc, total, wholeLength);
  // Entries per element are rowEntries / rowLength: whole rows of both.
  Value wholeEntries = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, wholeLength, loopRowLength),
      indexConstant(b, loc, plan.rowEntries));
  auto slice = [&](Value tensor, Value offset, Value size) -> Value {
    Value flat = flatten(b, loc, tensor);
    return tensor::ExtractSliceOp::create(
        b, loc, flat, ArrayRef<OpFoldResult>{offset},
        ArrayRef<OpFoldResult>{size},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  };
  auto restOf = [&](Value tensor, Value offset) -> Value {
    Value flat = flatten(b, loc, tensor);
    Value size = arith::SubIOp::create(
        b, loc, tensor::DimOp::create(b, loc, flat, 0), offset);
    return slice(flat, offset, size);
  };
  Value zero = indexConstant(b, loc, 0);
  // Each part writes its slice of the result in place (an extract_slice
  // and the insert_slice of the same slice): no copies.
  Value result = tensor::EmptyOp::create(b, loc, ArrayRef<OpFoldResult>{total},
                                         storeElement);
  auto insert = [&](Value part, Value offset, Value size) {
    return tensor::InsertSliceOp::create(
        b, loc, part, result, ArrayRef<OpFoldResult>{offset},
        ArrayRef<OpFoldResult>{size},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  };
  // (One statement per slice: the order of the ops must not depend on
  // the compiler's order of evaluating arguments.)
  bool packedX = isPackedSubByteType(xElement);
  Value wholeX = packedX ? x : slice(x, zero, wholeLength);
  Value wholeScale = slice(op.getScale(), zero, wholeEntries);
  Value wholeZp = zeroPoint ? slice(zeroPoint, zero, wholeEntries) : Value();
  Value wholeInto = slice(result, zero, wholeLength);
  Value whole = buildBlockRowsOf(wholeX, wholeScale, wholeZp, wholeInto,
                                 packedX ? zero : Value());
  result = insert(whole, zero, wholeLength);
  Plan loopRows = plan;
  plan.rowLength /= rowsPerLoopRow;
  plan.rowEntries /= rowsPerLoopRow;
  plan.rowPeriod = plan.rowPeriodEntries = 0;
  plan.rowsPerLoopRow = 1;
  plan.remainderRows = false;
  Value restX = packedX ? x : restOf(x, wholeLength);
  Value restScale = restOf(op.getScale(), wholeEntries);
  Value restZp = zeroPoint ? restOf(zeroPoint, wholeEntries) : Value();
  Value restInto = slice(result, wholeLength, restLength);
  Value rest = buildBlockRowsOf(restX, restScale, restZp, restInto,
                                packedX ? wholeLength : Value());
  plan = loopRows;
  result = insert(rest, wholeLength, restLength);
  return unflatten(result);
}

Value KernelBuilder::buildBlockRowsOf(Value x, Value scale, Value zp,
                                      Value into, Value packedOffset) {
  int64_t rowLength = plan.rowLength;
  bool perAxis = plan.blockSize == 0;
  OpFoldResult totalSize =
      tensor::getMixedSize(b, loc, flatten(b, loc, into ? into : x), 0);
  OpFoldResult rowCount;
  if (std::optional<int64_t> total = getConstantIntValue(totalSize))
    rowCount = b.getIndexAttr(*total / rowLength);
  else
    rowCount = arith::DivUIOp::create(
                   b, loc, getValueOrCreateConstantIndexOp(b, loc, totalSize),
                   indexConstant(b, loc, rowLength))
                   .getResult();
  // A tensor as [M, length] (M = `rows`). M is static exactly when the
  // tensor's flat size is (expand_shape keeps static and dynamic sizes
  // apart): x and a parameter may differ there (static x, [?, S] scale).
  auto asMatrix = [&](Value tensor, int64_t length,
                      OpFoldResult rows) -> Value {
    Value flat = flatten(b, loc, tensor);
    auto type = cast<RankedTensorType>(flat.getType());
    int64_t rowsDim = ShapedType::kDynamic;
    OpFoldResult rowsOf;
    if (type.isDynamicDim(0)) {
      rowsOf = getValueOrCreateConstantIndexOp(b, loc, rows);
    } else {
      rowsDim = type.getDimSize(0) / length;
      rowsOf = b.getIndexAttr(rowsDim);
    }
    return tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({rowsDim, length}, type.getElementType()),
        flat, ArrayRef<ReassociationIndices>{{0, 1}},
        ArrayRef<OpFoldResult>{rowsOf, b.getIndexAttr(length)});
  };
  StoredReader xReader =
      packedOffset
          ? StoredReader(b, loc, x, rowLength)
          : StoredReader(b, loc, asMatrix(x, rowLength, rowCount), rowLength);
  if (packedOffset)
    xReader.setPackedOffset(packedOffset);
  OpFoldResult paramRows = perAxis ? b.getIndexAttr(1) : rowCount;
  Value scale2d =
      bitcastToStorage(b, loc, asMatrix(scale, plan.rowEntries, paramRows));
  // (Only a per-axis zero point may be one element: DQ-R6, DQ-R13.)
  Value zp2d, zpScalar;
  if (hasOneElementZeroPoint())
    zpScalar = broadcastFirstZeroPoint();
  else if (zp)
    zp2d = bitcastToStorage(b, loc, asMatrix(zp, plan.rowEntries, paramRows));
  Value lastEntry = indexConstant(b, loc, plan.rowEntries - 1);
  Value zero = indexConstant(b, loc, 0);

  // Grouped runs read their entries from row tables (RowTable): each
  // row's scales and zero points decoded once, before its steps, so that
  // the steps read decoded entries (broadcast loads) instead of decoding
  // and spreading them step by step. Per-axis rows share the one
  // parameter row, whose tables are filled once, before the rows; blocked
  // rows fill theirs (scratch carried through the row loop) at each row.
  RowTable scaleTable, zpTable;
  if (plan.groupedRuns) {
    scaleTable = makeRowTable(scale, /*isScale=*/true);
    if (zp2d)
      zpTable = makeRowTable(zp, /*isScale=*/false);
  }
  SmallVector<RankedTensorType> scratchTypes;
  for (RowTable *table : {&scaleTable, &zpTable}) {
    if (!table->type)
      continue;
    if (perAxis) {
      table->table = fillRowTable(
          *table, scratchTable(table->length, table->type.getElementType()),
          zero);
    } else {
      table->slot = scratchTypes.size();
      scratchTypes.push_back(table->type);
    }
  }

  // The decoded entries [first, first + count) of row r of a parameter
  // (an [M, S] storage tensor): one scalar, or a vector<count> read in one
  // piece (packed: element by element). Entries past the row's last are
  // masked (or clamped when packed); the lanes that take them are not
  // stored. Parameters with a row table read it (in bounds: the table
  // has room past the row's entries).
  auto readEntries = [&](Value param2d, bool isScale, Value r, Value first,
                         int64_t count, bool inBounds) -> Value {
    if (perAxis)
      r = zero;
    const RowTable &table = isScale ? scaleTable : zpTable;
    if (table.table) {
      Value index = arith::AddIOp::create(b, loc, first, table.shift);
      if (count == 1)
        return tensor::ExtractOp::create(b, loc, table.table, index);
      Type entry = table.type.getElementType();
      Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(entry));
      return vector::TransferReadOp::create(
          b, loc, VectorType::get({count}, entry), table.table,
          ValueRange{index}, padding, ArrayRef<bool>{true});
    }
    Value stored =
        readRowEntries(param2d, r, first, count, inBounds, lastEntry);
    return isScale ? decodeScale(stored) : decodeZeroPoint(stored);
  };

  // The rows' result: `into` (a flat slice of the op's result, written in
  // place) as [M, L], or a new tensor.
  Value init =
      into ? asMatrix(into, rowLength, rowCount)
           : tensor::EmptyOp::create(
                 b, loc,
                 ArrayRef<OpFoldResult>{rowCount, b.getIndexAttr(rowLength)},
                 storeElement)
                 .getResult();
  Value rows = getValueOrCreateConstantIndexOp(b, loc, rowCount);
  Value result = emitRowLoops(
      rows, b.getIndexAttr(rowLength), init, scratchTypes,
      [&](Value r, Value local, Value acc, MutableArrayRef<Value> scratch) {
        for (RowTable *table : {&scaleTable, &zpTable})
          if (table->slot >= 0)
            table->table = scratch[table->slot] =
                fillRowTable(*table, scratch[table->slot], r);
        BlockRowInputs in{
            xReader, readEntries, scale2d,
            zp2d,    zpScalar,    scaleTable.table && (!zp2d || zpTable.table)};
        if (plan.straddlingSteps)
          return emitRowOfStraddlingSteps(in, r, local, acc);
        if (plan.groupedRuns)
          return emitRowOfGroups(in, r, local, acc);
        return emitRowOfLongBlocks(in, r, local, acc);
      });
  return tensor::CollapseShapeOp::create(
      b, loc, result, ArrayRef<ReassociationIndices>{{0, 1}});
}

Value KernelBuilder::spreadEntries(Value entries, ArrayRef<int64_t> spread) {
  Operation *widening = entries.getDefiningOp();
  if (!nativeF16 ||
      !isa_and_nonnull<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(
          widening)) {
    return vector::ShuffleOp::create(b, loc, entries, entries,
                                     b.getDenseI64ArrayAttr(spread));
  }
  Value narrow = widening->getOperand(0);
  Value spreadNarrow = vector::ShuffleOp::create(
      b, loc, narrow, narrow, b.getDenseI64ArrayAttr(spread));
  Type wide = VectorType::get({int64_t(spread.size())},
                              getElementTypeOrSelf(entries.getType()));
  return widenLike(widening, wide, spreadNarrow);
}

Value KernelBuilder::widenLike(Operation *widening, Type type, Value value) {
  if (isa<arith::ExtFOp>(widening))
    return arith::ExtFOp::create(b, loc, type, value);
  if (isa<arith::ExtSIOp>(widening))
    return arith::ExtSIOp::create(b, loc, type, value);
  return arith::ExtUIOp::create(b, loc, type, value);
}

KernelBuilder::RowTable KernelBuilder::makeRowTable(Value param, bool isScale) {
  RowTable table;
  // nativeF16 loops read the entries in place and spread them before they
  // widen them (spreadEntries). Against row tables of f16 scales and i16
  // zero points, blocked-24 -> f16 ran at 1.17-1.20x with i8 and ui8 x,
  // 1.15x with f8E5M2, 1.09x with f16 and 1.01x with f8E4M3FN x at 64 Ki
  // elements, 0.99-1.01x at 4 Mi (AVX512_FP16 Xeon, bench/HISTORY.md,
  // 2026-12-02).
  if (nativeF16)
    return table;
  Type element = cast<RankedTensorType>(param.getType()).getElementType();
  Type entry =
      isScale ? b.getF32Type() : subtractedZeroPointType(zeroPointElement());
  if (decodesToItself(element, entry) && (!isScale || scalesReadInPlace()))
    return table;
  if (isPackedSubByteType(element))
    table.entriesPerByte = 8 / element.getIntOrFloatBitWidth();
  // The row's entries from `shift` on, then room for the reads of the
  // steps past the row's end (at most lanes + width entries).
  table.length = llvm::alignTo(
      plan.rowEntries + table.entriesPerByte + lanes + plan.runWidth, lanes);
  table.type = RankedTensorType::get({table.length}, entry);
  table.reader.emplace(b, loc, flatten(b, loc, param), 0);
  table.isScale = isScale;
  return table;
}

Value KernelBuilder::fillRowTable(RowTable &table, Value dest, Value r) {
  Value rowFirst =
      arith::MulIOp::create(b, loc, r, indexConstant(b, loc, plan.rowEntries));
  table.shift = indexConstant(b, loc, 0);
  Value from = rowFirst;
  if (table.entriesPerByte > 1) {
    table.shift = arith::RemUIOp::create(
        b, loc, rowFirst, indexConstant(b, loc, table.entriesPerByte));
    from = arith::SubIOp::create(b, loc, rowFirst, table.shift);
  }
  // Entry t of the table from `lanes` entries of the parameter at from + t.
  auto copyVector = [&](Value t, Value acc, bool inBounds) -> Value {
    Value stored = table.reader->read(
        b, loc, ValueRange{arith::AddIOp::create(b, loc, from, t)}, lanes,
        inBounds);
    Value decoded =
        table.isScale ? decodeScale(stored) : decodeZeroPoint(stored);
    return vector::TransferWriteOp::create(b, loc, decoded, acc, t,
                                           ArrayRef<bool>{true})
        .getResult();
  };
  Value step = indexConstant(b, loc, lanes);
  if (plan.rowEntries < lanes || lanes % table.entriesPerByte != 0)
    return emitLoop(indexConstant(b, loc, 0),
                    indexConstant(b, loc, table.length), step, dest,
                    [&](Value t, Value acc) {
                      return copyVector(t, acc, /*inBounds=*/false);
                    });
  // Zeros from the last whole vector of the row on (static: shift < a
  // byte's entries), then the row's whole vectors over them: table
  // entries [0, alignDown(shift + rowEntries, lanes)), read from `from`
  // (<= the row's first entry) up to at most the row's last.
  Type entry = table.type.getElementType();
  Value zeros = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(vectorOf(entry), b.getZeroAttr(entry)));
  Value acc = dest;
  for (int64_t t = llvm::alignDown(plan.rowEntries, lanes); t < table.length;
       t += lanes)
    acc = vector::TransferWriteOp::create(b, loc, zeros, acc,
                                          indexConstant(b, loc, t),
                                          ArrayRef<bool>{true})
              .getResult();
  Value rowEnd = arith::AddIOp::create(b, loc, table.shift,
                                       indexConstant(b, loc, plan.rowEntries));
  Value whole = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, rowEnd, step), step);
  acc = emitLoop(indexConstant(b, loc, 0), whole, step, acc,
                 [&](Value t, Value acc) { return copyVector(t, acc, true); });
  if (plan.rowEntries % lanes == 0 && table.entriesPerByte == 1)
    return acc;
  // The rest of the row, fewer than `lanes` entries: the vector that
  // ends with the byte of the row's last entry, at table entry
  // alignTo(rowEnd, entriesPerByte) - lanes. That is >= 0 (rowEntries >=
  // lanes), a whole byte from `from` (lanes is a multiple of the entries
  // per byte), at most `whole` (so no entry of the row is left out) and,
  // with the table's room past the row, inside the table.
  Value end = rowEnd;
  if (table.entriesPerByte > 1) {
    Value perByte = indexConstant(b, loc, table.entriesPerByte);
    end = arith::MulIOp::create(
        b, loc, arith::CeilDivUIOp::create(b, loc, end, perByte), perByte);
  }
  return copyVector(arith::SubIOp::create(b, loc, end, step), acc, true);
}

Value KernelBuilder::emitRowOfLongBlocks(const BlockRowInputs &in, Value r,
                                         Value local, Value acc) {
  int64_t rowLength = plan.rowLength, blockSize = plan.run;
  // The block k of `length` columns from column `start`.
  auto runBlock = [&](Value k, Value start, int64_t length, Value acc) {
    Value scale = broadcast(in.readEntries(in.scale2d, true, r, k, 1, true));
    Value zp = in.zpScalar;
    if (in.zp2d)
      zp = broadcast(in.readEntries(in.zp2d, false, r, k, 1, true));
    int64_t steps = length / lanes;
    auto stepAt = [&](Value column, Value acc, bool inBounds) {
      return rowStep(in.x, r, local, column, acc, scale, zp, inBounds);
    };
    if (steps == 1) {
      acc = stepAt(start, acc, true);
    } else if (steps > 1) {
      Value end = arith::AddIOp::create(b, loc, start,
                                        indexConstant(b, loc, steps * lanes));
      acc = emitLoop(start, end, indexConstant(b, loc, lanes), acc,
                     [&](Value j, Value acc) { return stepAt(j, acc, true); });
    }
    // Past the block: masked at the row's end; a next block rewrites the
    // columns that are its own.
    if (length % lanes)
      acc = stepAt(arith::AddIOp::create(b, loc, start,
                                         indexConstant(b, loc, steps * lanes)),
                   acc, false);
    return acc;
  };
  int64_t wholeBlocks = rowLength / blockSize;
  acc = emitLoop(indexConstant(b, loc, 0), indexConstant(b, loc, wholeBlocks),
                 indexConstant(b, loc, 1), acc, [&](Value k, Value acc) {
                   Value start = arith::MulIOp::create(
                       b, loc, k, indexConstant(b, loc, blockSize));
                   return runBlock(k, start, blockSize, acc);
                 });
  if (int64_t partial = rowLength % blockSize)
    acc =
        runBlock(indexConstant(b, loc, wholeBlocks),
                 indexConstant(b, loc, wholeBlocks * blockSize), partial, acc);
  return acc;
}

Value KernelBuilder::emitRowOfStraddlingSteps(const BlockRowInputs &in, Value r,
                                              Value local, Value acc) {
  Value run = indexConstant(b, loc, plan.run);
  Value one = indexConstant(b, loc, 1);
  Value lastEntry = indexConstant(b, loc, plan.rowEntries - 1);
  auto step = [&](Value j, Value acc, bool inBounds) {
    Value k0 = arith::DivUIOp::create(b, loc, j, run);
    Value next = arith::AddIOp::create(b, loc, k0, one);
    Value k1 = arith::MinUIOp::create(b, loc, next, lastEntry);
    // Lanes before the next run's first column (at least one; a count of
    // lanes or more sets every lane).
    Value before = arith::SubIOp::create(
        b, loc, arith::MulIOp::create(b, loc, next, run), j);
    Value inFirst = vector::CreateMaskOp::create(
        b, loc, VectorType::get({lanes}, b.getI1Type()), ValueRange{before});
    auto pick = [&](Value param2d, bool isScale) -> Value {
      Value first = broadcast(in.readEntries(param2d, isScale, r, k0, 1, true));
      Value second =
          broadcast(in.readEntries(param2d, isScale, r, k1, 1, true));
      return arith::SelectOp::create(b, loc, inFirst, first, second);
    };
    Value scale = pick(in.scale2d, true);
    Value zp = in.zpScalar;
    if (in.zp2d)
      zp = pick(in.zp2d, false);
    return rowStep(in.x, r, local, j, acc, scale, zp, inBounds);
  };
  int64_t full = plan.rowLength / lanes * lanes;
  acc = emitLoop(indexConstant(b, loc, 0), indexConstant(b, loc, full),
                 indexConstant(b, loc, lanes), acc,
                 [&](Value j, Value acc) { return step(j, acc, true); });
  if (full < plan.rowLength)
    acc = step(indexConstant(b, loc, full), acc, false);
  return acc;
}

Value KernelBuilder::emitRowOfGroups(const BlockRowInputs &in, Value r,
                                     Value local, Value acc) {
  return emitRowOfGroups(in, r, local, acc, b.getIndexAttr(plan.rowLength));
}

Value KernelBuilder::emitRowOfGroups(const BlockRowInputs &in, Value r,
                                     Value local, Value acc,
                                     OpFoldResult rowLengthSize) {
  int64_t run = plan.run, width = plan.runWidth;
  // The entries repeat every `period` columns, advancing `periodEntries`.
  int64_t period = plan.groupedPeriod();
  int64_t periodEntries = plan.groupedEntryOf(period);
  auto entryAt = [&](int64_t c) { return plan.groupedEntryOf(c); };
  int64_t group = std::lcm(period, lanes);
  std::optional<int64_t> staticLength = getConstantIntValue(rowLengthSize);
  Value rowLength = getValueOrCreateConstantIndexOp(b, loc, rowLengthSize);
  // Step s of the group that starts at column `groupStart` (entry
  // `groupEntry`); `staticStart`: that column, when it is a constant (the
  // columns after the last whole group of a static row); `rest`: a step
  // after the last whole group of a dynamic row.
  // `planes`: the group's block tables (groupLookup), or null.
  auto groupStep = [&](Value groupStart, Value groupEntry,
                       std::optional<int64_t> staticStart, int64_t s, Value acc,
                       bool rest = false,
                       const std::pair<Value, Value> *planes = nullptr) {
    int64_t c = s * lanes;
    // The lanes' entries, relative to the group's; the step reads
    // [firstOffset, firstOffset + count) of them.
    SmallVector<int64_t> spread;
    for (int64_t lane = 0; lane < lanes; ++lane)
      spread.push_back(entryAt(c + lane));
    int64_t firstOffset = *llvm::min_element(spread);
    int64_t count = *llvm::max_element(spread) - firstOffset + 1;
    // Steps of whole groups are inside the row, and so are their entries
    // (the group's `available` entries); after the last whole group of a
    // static row, the row's entries from the step's group on.
    bool xInBounds =
        !rest && (!staticStart || *staticStart + c + lanes <= *staticLength);
    int64_t available =
        staticStart ? plan.rowEntries - entryAt(*staticStart) : entryAt(group);
    bool entriesInBounds = !rest && firstOffset + count <= available;
    // nativeF16 loops read a power of two of entries (one load, where
    // LLVM splits other lengths: 3 f16 into a 4-byte and a 2-byte load,
    // spread with more shuffles) in a window within the available
    // entries, which holds the step's.
    if (nativeF16 && count > 1 && entriesInBounds &&
        llvm::PowerOf2Ceil(count) <= uint64_t(std::min(available, lanes))) {
      int64_t padded = llvm::PowerOf2Ceil(count);
      firstOffset = std::min(firstOffset, available - padded);
      count = padded;
    }
    for (int64_t &entry : spread)
      entry -= firstOffset;
    Value first = arith::AddIOp::create(b, loc, groupEntry,
                                        indexConstant(b, loc, firstOffset));
    // Each register takes at most two entries (runs of at least a
    // register, or loop rows of several rows of x whose runs are).
    bool fewPerRegister = width == 1 && run >= registerLanes;
    if (plan.rowPeriod && width == 1) {
      fewPerRegister = true;
      for (int64_t lane = 0; lane < lanes; lane += registerLanes)
        fewPerRegister &= spread[lane + registerLanes - 1] - spread[lane] <= 1;
    }
    // The step's lanes take entries [first, first + count) of a
    // parameter as `spread` maps them. With few entries per register, each
    // register takes its own: one entry read as a scalar (a load of its
    // own, which x86 folds into the subtraction or the multiply as an
    // embedded broadcast), or its two entries read as one vector and
    // spread with one shuffle. A broadcast load of each entry and a
    // constant mask selecting its lanes (the form before 9c43f15) took two
    // broadcasts and a 256-bit shuffle per register over two blocks and kept
    // the broadcasts in registers; on Zen 4, whose vcvtps2ph shares its pipes
    // with those shuffles (bench/micro/conversion_pipes.c), blocked-24
    // (every arithmetic x type, --ab-binary, 3 rounds, 2026-12-06 13:06
    // UTC) ran at 1.00-1.18x with f16 and bf16 results at 64 Ki and 4 Mi
    // (geometric means 1.075-1.094x; 8-bit, fp8, fp4 and f16 x
    // 1.06-1.17x, 4- and 32-bit x 1.00-1.18x; the i2/ui2 kernels, block
    // tables, unchanged) and at 1.00-1.31x with f32 results at 64 Ki (1.10x);
    // at 4 Mi f32 results ran at 0.93-1.11x in a rerun of 5 rounds (i8 and ui8
    // 0.93x, near the roof).
    auto stepEntries = [&](Value param2d, bool isScale) -> Value {
      if (count == 1)
        return broadcast(
            in.readEntries(param2d, isScale, r, first, 1, entriesInBounds));
      // (nativeF16 loops take the shuffle: their registers hold 32
      // lanes, up to three runs of 24.)
      if (fewPerRegister && !nativeF16) {
        Value lanesValue;
        for (int64_t lane = 0; lane < lanes; lane += registerLanes) {
          int64_t e0 = spread[lane];
          int64_t n = spread[lane + registerLanes - 1] - e0 + 1;
          Value at =
              arith::AddIOp::create(b, loc, first, indexConstant(b, loc, e0));
          Value entries =
              in.readEntries(param2d, isScale, r, at, n, entriesInBounds);
          Value part;
          if (n == 1) {
            part = vector::BroadcastOp::create(
                b, loc, VectorType::get({registerLanes}, entries.getType()),
                entries);
          } else {
            SmallVector<int64_t> within;
            for (int64_t k = 0; k < registerLanes; ++k)
              within.push_back(spread[lane + k] - e0);
            part = vector::ShuffleOp::create(b, loc, entries, entries, within);
          }
          lanesValue = insertPart(b, loc, part, lanesValue, lane, lanes);
        }
        return lanesValue;
      }
      return spreadEntries(
          in.readEntries(param2d, isScale, r, first, count, entriesInBounds),
          spread);
    };
    Value column =
        arith::AddIOp::create(b, loc, groupStart, indexConstant(b, loc, c));
    Value lookedUp;
    if (planes) {
      // Each index is its code plus perBlock * its lane's block in the
      // group.
      int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
      SmallVector<int64_t> offsets;
      for (int64_t lane = 0; lane < lanes; ++lane)
        offsets.push_back(perBlock * entryAt(c + lane));
      Value codes = in.x.read(b, loc, ValueRange{r, column}, lanes, xInBounds,
                              /*rawCodes=*/true);
      lookedUp = LookupTable::lookupWordsInLaneOrder(
          b, loc, planes->first, planes->second, codes, offsets);
    } else if (blockLookup) {
      // The step's blocks padded to a power of two, read as one vector
      // where the padding entries exist (a row table has room past the
      // row's entries; else the row's).
      int64_t padded = llvm::PowerOf2Ceil(count);
      bool paddedInBounds =
          in.roomPastRow || (!rest && firstOffset + padded <= available);
      lookedUp =
          groupBlockLookupStep(in, r, column, xInBounds, first, count,
                               paddedInBounds ? padded : count,
                               entriesInBounds || paddedInBounds, spread);
    }
    if (lookedUp)
      return Value(vector::TransferWriteOp::create(b, loc, lookedUp, acc,
                                                   ValueRange{local, column},
                                                   ArrayRef<bool>{xInBounds})
                       .getResult());
    Value scale = stepEntries(in.scale2d, true);
    Value zp = in.zpScalar;
    if (in.zp2d)
      zp = stepEntries(in.zp2d, false);
    return rowStep(in.x, r, local, column, acc, scale, zp, xInBounds);
  };
  // The first entry of the group at `column` (a multiple of the period).
  auto entryOf = [&](Value column) -> Value {
    return arith::MulIOp::create(
        b, loc,
        arith::DivUIOp::create(b, loc, column, indexConstant(b, loc, period)),
        indexConstant(b, loc, periodEntries));
  };
  Value groupsEnd = staticLength
                        ? indexConstant(b, loc, *staticLength / group * group)
                        : roundDown(rowLength, indexConstant(b, loc, group));
  acc =
      emitLoop(indexConstant(b, loc, 0), groupsEnd,
               indexConstant(b, loc, group), acc, [&](Value g, Value acc) {
                 Value groupEntry = entryOf(g);
                 std::optional<std::pair<Value, Value>> planes;
                 if (groupLookup)
                   planes = groupBlockPlanes(in, r, groupEntry, entryAt(group));
                 for (int64_t s = 0; s < group / lanes; ++s)
                   acc = groupStep(g, groupEntry, std::nullopt, s, acc,
                                   /*rest=*/false, planes ? &*planes : nullptr);
                 return acc;
               });
  if (staticLength) {
    int64_t restStart = *staticLength / group * group;
    Value start = indexConstant(b, loc, restStart);
    Value startEntry = indexConstant(b, loc, entryAt(restStart));
    for (int64_t s = 0; s * lanes < *staticLength - restStart; ++s)
      acc = groupStep(start, startEntry, restStart, s, acc);
    return acc;
  }
  Value groupEntry = entryOf(groupsEnd);
  for (int64_t s = 0; s < group / lanes; ++s) {
    Value column = arith::AddIOp::create(b, loc, groupsEnd,
                                         indexConstant(b, loc, s * lanes));
    Value left = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       column, rowLength);
    acc = scf::IfOp::create(
              b, loc, left,
              [&](OpBuilder &nb, Location) {
                OpBuilder::InsertionGuard guard(b);
                b.setInsertionPoint(nb.getInsertionBlock(),
                                    nb.getInsertionPoint());
                scf::YieldOp::create(b, loc,
                                     groupStep(groupsEnd, groupEntry,
                                               std::nullopt, s, acc,
                                               /*rest=*/true));
              },
              [&](OpBuilder &nb, Location) {
                scf::YieldOp::create(nb, loc, acc);
              })
              .getResult(0);
  }
  return acc;
}

Value KernelBuilder::groupBlockLookupStep(const BlockRowInputs &in, Value r,
                                          Value column, bool xInBounds,
                                          Value first, int64_t count,
                                          int64_t readCount,
                                          bool entriesInBounds,
                                          ArrayRef<int64_t> spread) {
  // The step's `count` blocks, padded to a power of two (whole registers
  // for the arithmetic of their codes; the padding repeats the last block
  // or, read, the entries after it).
  int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
  int64_t blocks = llvm::PowerOf2Ceil(count);
  SmallVector<int64_t> entryOf;
  for (int64_t k = 0; k < blocks; ++k)
    entryOf.append(perBlock, std::min(k, readCount - 1));
  auto perEntry = [&](Value param2d, bool isScale) -> Value {
    Value entries =
        in.readEntries(param2d, isScale, r, first, readCount, entriesInBounds);
    if (readCount == 1)
      return vector::BroadcastOp::create(
          b, loc, VectorType::get({perBlock}, entries.getType()), entries);
    return vector::ShuffleOp::create(b, loc, entries, entries, entryOf);
  };
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value entryScale = perEntry(in.scale2d, true);
  Value entryZp;
  if (in.zp2d)
    entryZp = perEntry(in.zp2d, false);
  return lookUpBlockCodes(in.x, ValueRange{r, column}, xInBounds, entryScale,
                          entryZp, count > 1 ? spread : ArrayRef<int64_t>());
}

std::pair<Value, Value>
KernelBuilder::groupBlockPlanes(const BlockRowInputs &in, Value r,
                                Value groupEntry, int64_t blocks) {
  int64_t perBlock = LookupTable::blockTableCodes(xElement, yElement);
  int64_t used = blocks * perBlock;
  // Block k's entry for its perBlock lanes, read as a scalar.
  auto perEntry = [&](Value param2d, bool isScale) -> Value {
    Value entries;
    for (int64_t k = 0; k < blocks; ++k) {
      Value at =
          arith::AddIOp::create(b, loc, groupEntry, indexConstant(b, loc, k));
      Value entry =
          in.readEntries(param2d, isScale, r, at, 1, /*inBounds=*/true);
      Value part = vector::BroadcastOp::create(
          b, loc, VectorType::get({perBlock}, entry.getType()), entry);
      entries = insertPart(b, loc, part, entries, k * perBlock, used);
    }
    return entries;
  };
  // (One statement each: the order of the ops must not depend on the
  // compiler's order of evaluating arguments.)
  Value scale = perEntry(in.scale2d, true);
  Value zp;
  if (in.zp2d)
    zp = perEntry(in.zp2d, false);
  Value codes = LookupTable::storedCodes(b, loc, xElement, used);
  Value results = dequantize(codes, xElement, scale, zp);
  Value resultBytes = vector::BitCastOp::create(
      b, loc, VectorType::get({2 * used}, b.getI8Type()), results);
  // Planes of 64 or 128 entries (the results repeated to fill them).
  return LookupTable::repeatedBytePlanes(b, loc, resultBytes,
                                         used <= 64 ? 64 : 128, 0, used);
}
