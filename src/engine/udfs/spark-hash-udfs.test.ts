import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murmur3Bytes, murmur3Int } from '../../types/murmur3.js';
import { EngineSession } from '../engine-session.js';
import { bigIntegerBytes } from './spark-hash-udfs.js';
import { xxhash64Bytes } from './xxhash64.js';

describe('Spark hash primitives', () => {
  it('murmur3 of an int equals the standard hash of its little-endian bytes', () => {
    expect(murmur3Int(123, 42)).toBe(murmur3Bytes(new Uint8Array([123, 0, 0, 0]), 42));
  });
  it('xxhash64 of empty input with seed 0 is the reference value', () => {
    expect(BigInt.asUintN(64, xxhash64Bytes(new Uint8Array(), 0n))).toBe(0xef46db3751d8e999n);
  });
  it('BigInteger.toByteArray is minimal two-s complement', () => {
    expect([...bigIntegerBytes(127n)]).toEqual([127]);
    expect([...bigIntegerBytes(128n)]).toEqual([0, 128]);
    expect([...bigIntegerBytes(-1n)]).toEqual([255]);
    expect([...bigIntegerBytes(-129n)]).toEqual([255, 127]);
  });
});

describe('hash UDFs on DuckDB', () => {
  let engine: EngineSession;
  beforeAll(async () => {
    engine = await EngineSession.create();
  });
  afterAll(() => engine.close());

  it('are visible from other connections and leave the seed for NULL', async () => {
    const rows = await engine.withConnection(async (c) =>
      (await c.runAndReadAll('SELECT spark_murmur3_int(NULL, 42) AS n')).getRowObjectsJS(),
    );
    expect(rows).toEqual([{ n: 42 }]);
  });
});
