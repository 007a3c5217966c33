/**
 * The UDFs behind `rand(seed)`, `randn(seed)`, `uniform(min, max, seed)` and `randstr(length, seed)`
 * (exec/functions/random-compilers.ts). Spark draws a seeded expression's values from one XORShiftRandom per
 * partition, seeded `seed + partitionIndex`, one draw after another in row order (randomExpressions.scala);
 * DuckDB's random() cannot be seeded per expression, so these keep the stream in JavaScript.
 *
 * Each compiled call names its own stream (a token minted when the expression is compiled), as each Spark
 * expression owns its generator: `SELECT rand(0), rand(0)` gives two equal columns. The stream advances
 * chunk by chunk in the order DuckDB hands chunks over; within one chunk (2,048 rows) that is the rows' order,
 * so a query over one chunk repeats Spark's single-partition values exactly, and a larger one draws the
 * same values in an order that follows the engine's parallelism, as Spark's follow its partitioning.
 * A NULL seed is 0, as in Spark. Volatile: DuckDB must call them for every row, never fold them.
 */
import {
  BIGINT,
  DOUBLE,
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBScalarFunction,
  INTEGER,
  VARCHAR,
} from '@duckdb/node-api';
import { XorShiftRandom } from '../../types/xorshift-random.js';

/** Streams of statements that have finished are never told so; the oldest are dropped past this count. */
const MAX_STREAMS = 256;
const streams = new Map<string, XorShiftRandom>();

function stream(token: string, seed: bigint | null): XorShiftRandom {
  let rng = streams.get(token);
  if (!rng) {
    rng = new XorShiftRandom(seed ?? 0n);
    streams.set(token, rng);
    if (streams.size > MAX_STREAMS) streams.delete(streams.keys().next().value as string);
  }
  return rng;
}

/** randstr's characters (RandStr.evalInternal in Spark 4.0): `abs(nextInt() % 62)` into this pool. */
const RANDSTR_POOL = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

function randstr(rng: XorShiftRandom, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += RANDSTR_POOL[Math.abs(rng.nextInt() % 62)];
  return text;
}

function drawUdf(name: string, draw: (rng: XorShiftRandom) => number): DuckDBScalarFunction {
  return DuckDBScalarFunction.create({
    name,
    returnType: DOUBLE,
    parameterTypes: [BIGINT, VARCHAR],
    specialHandling: true,
    volatile: true,
    mainFunction: (_info, input: DuckDBDataChunk, output) => {
      const seeds = input.getColumnVector(0);
      const tokens = input.getColumnVector(1);
      for (let i = 0; i < input.rowCount; i++) {
        output.setItem(
          i,
          draw(stream(tokens.getItem(i) as string, seeds.getItem(i) as bigint | null)) as never,
        );
      }
      output.flush();
    },
  });
}

/**
 * `spark_seeded_rand(seed, stream)` and `spark_seeded_randn(seed, stream)` (DOUBLE),
 * `spark_seeded_randstr(seed, stream, length)` (VARCHAR).
 */
export function registerSeededRandomUdfs(connection: DuckDBConnection): void {
  connection.registerScalarFunction(drawUdf('spark_seeded_rand', (rng) => rng.nextDouble()));
  connection.registerScalarFunction(drawUdf('spark_seeded_randn', (rng) => rng.nextGaussian()));
  connection.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'spark_seeded_randstr',
      returnType: VARCHAR,
      parameterTypes: [BIGINT, VARCHAR, INTEGER],
      specialHandling: true,
      volatile: true,
      mainFunction: (_info, input: DuckDBDataChunk, output) => {
        const seeds = input.getColumnVector(0);
        const tokens = input.getColumnVector(1);
        const lengths = input.getColumnVector(2);
        for (let i = 0; i < input.rowCount; i++) {
          const rng = stream(tokens.getItem(i) as string, seeds.getItem(i) as bigint | null);
          output.setItem(i, randstr(rng, lengths.getItem(i) as number) as never);
        }
        output.flush();
      },
    }),
  );
}
