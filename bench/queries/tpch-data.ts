/**
 * TPC-H-shaped tables made in SQL, no download: each table is a DuckDB `SELECT … FROM range(n)` whose
 * values are deterministic functions of the row number (DuckDB's `hash`, so every run and both sides see
 * the same rows). Names, types and value domains follow the TPC-H specification closely enough for the 22
 * queries to select real rows (the dates, segments, brands, containers, colours, phone prefixes and comment
 * words they filter on exist); the distributions are simpler than dbgen's and the numbers are not TPC-H's.
 *
 * Sizes: a scale factor like dbgen's (1 = 6M lineitem rows); the tiers S, M and L below.
 */
import {
  DateType,
  decimal,
  field,
  IntegerType,
  StringType,
  type StructType,
  struct,
} from '../../src/types/data-types.js';

export type Tier = 'S' | 'M' | 'L';

/** The scale factor of each tier: S for tests and CI (~60k lineitem rows), M about 6M, L four times M. */
export const TIER_SCALE: Readonly<Record<Tier, number>> = { S: 0.01, M: 1, L: 4 };

const money = decimal(15, 2);

function table(columns: readonly [string, 'int' | 'money' | 'date' | 'string'][]): StructType {
  const types = { int: IntegerType, money, date: DateType, string: StringType } as const;
  return struct(columns.map(([name, type]) => field(name, types[type])));
}

export const TPCH_SCHEMAS: Readonly<Record<string, StructType>> = {
  region: table([
    ['r_regionkey', 'int'],
    ['r_name', 'string'],
    ['r_comment', 'string'],
  ]),
  nation: table([
    ['n_nationkey', 'int'],
    ['n_name', 'string'],
    ['n_regionkey', 'int'],
    ['n_comment', 'string'],
  ]),
  supplier: table([
    ['s_suppkey', 'int'],
    ['s_name', 'string'],
    ['s_address', 'string'],
    ['s_nationkey', 'int'],
    ['s_phone', 'string'],
    ['s_acctbal', 'money'],
    ['s_comment', 'string'],
  ]),
  customer: table([
    ['c_custkey', 'int'],
    ['c_name', 'string'],
    ['c_address', 'string'],
    ['c_nationkey', 'int'],
    ['c_phone', 'string'],
    ['c_acctbal', 'money'],
    ['c_mktsegment', 'string'],
    ['c_comment', 'string'],
  ]),
  part: table([
    ['p_partkey', 'int'],
    ['p_name', 'string'],
    ['p_mfgr', 'string'],
    ['p_brand', 'string'],
    ['p_type', 'string'],
    ['p_size', 'int'],
    ['p_container', 'string'],
    ['p_retailprice', 'money'],
    ['p_comment', 'string'],
  ]),
  partsupp: table([
    ['ps_partkey', 'int'],
    ['ps_suppkey', 'int'],
    ['ps_availqty', 'int'],
    ['ps_supplycost', 'money'],
    ['ps_comment', 'string'],
  ]),
  orders: table([
    ['o_orderkey', 'int'],
    ['o_custkey', 'int'],
    ['o_orderstatus', 'string'],
    ['o_totalprice', 'money'],
    ['o_orderdate', 'date'],
    ['o_orderpriority', 'string'],
    ['o_clerk', 'string'],
    ['o_shippriority', 'int'],
    ['o_comment', 'string'],
  ]),
  lineitem: table([
    ['l_orderkey', 'int'],
    ['l_partkey', 'int'],
    ['l_suppkey', 'int'],
    ['l_linenumber', 'int'],
    ['l_quantity', 'money'],
    ['l_extendedprice', 'money'],
    ['l_discount', 'money'],
    ['l_tax', 'money'],
    ['l_returnflag', 'string'],
    ['l_linestatus', 'string'],
    ['l_shipdate', 'date'],
    ['l_commitdate', 'date'],
    ['l_receiptdate', 'date'],
    ['l_shipinstruct', 'string'],
    ['l_shipmode', 'string'],
    ['l_comment', 'string'],
  ]),
};

/** Row counts at a scale factor (dbgen's: supplier 10k, customer 150k, part 200k, orders 1.5M per SF). */
export function tableSizes(sf: number): { supplier: number; customer: number; part: number; orders: number } {
  const n = (base: number) => Math.max(1, Math.round(base * sf));
  return { supplier: n(10_000), customer: n(150_000), part: n(200_000), orders: n(1_500_000) };
}

const REGIONS = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'];
/** TPC-H's 25 nations with their region keys. */
const NATIONS: readonly [string, number][] = [
  ['ALGERIA', 0],
  ['ARGENTINA', 1],
  ['BRAZIL', 1],
  ['CANADA', 1],
  ['EGYPT', 4],
  ['ETHIOPIA', 0],
  ['FRANCE', 3],
  ['GERMANY', 3],
  ['INDIA', 2],
  ['INDONESIA', 2],
  ['IRAN', 4],
  ['IRAQ', 4],
  ['JAPAN', 2],
  ['JORDAN', 4],
  ['KENYA', 0],
  ['MOROCCO', 0],
  ['MOZAMBIQUE', 0],
  ['PERU', 1],
  ['CHINA', 2],
  ['ROMANIA', 3],
  ['SAUDI ARABIA', 4],
  ['VIETNAM', 2],
  ['RUSSIA', 3],
  ['UNITED KINGDOM', 3],
  ['UNITED STATES', 1],
];
const SEGMENTS = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'MACHINERY', 'HOUSEHOLD'];
const PRIORITIES = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'];
const INSTRUCTIONS = ['DELIVER IN PERSON', 'COLLECT COD', 'NONE', 'TAKE BACK RETURN'];
const MODES = ['REG AIR', 'AIR', 'RAIL', 'SHIP', 'TRUCK', 'MAIL', 'FOB'];
const TYPE_1 = ['STANDARD', 'SMALL', 'MEDIUM', 'LARGE', 'ECONOMY', 'PROMO'];
const TYPE_2 = ['ANODIZED', 'BURNISHED', 'PLATED', 'POLISHED', 'BRUSHED'];
const TYPE_3 = ['TIN', 'NICKEL', 'BRASS', 'STEEL', 'COPPER'];
const CONTAINER_1 = ['SM', 'LG', 'MED', 'JUMBO', 'WRAP'];
const CONTAINER_2 = ['CASE', 'BOX', 'BAG', 'JAR', 'PKG', 'PACK', 'CAN', 'DRUM'];
/** Part-name colours (dbgen has 92; these include the ones Q9 and Q20 look for). */
const COLOURS = [
  'almond',
  'antique',
  'aquamarine',
  'azure',
  'beige',
  'bisque',
  'black',
  'blanched',
  'blue',
  'blush',
  'brown',
  'burlywood',
  'burnished',
  'chartreuse',
  'chiffon',
  'chocolate',
  'coral',
  'cornflower',
  'cornsilk',
  'cream',
  'cyan',
  'dark',
  'deep',
  'dim',
  'dodger',
  'drab',
  'firebrick',
  'floral',
  'forest',
  'frosted',
  'gainsboro',
  'ghost',
  'goldenrod',
  'green',
  'grey',
  'honeydew',
  'hot',
  'indian',
  'ivory',
  'khaki',
  'lace',
  'lavender',
  'lawn',
  'lemon',
  'light',
  'lime',
  'linen',
  'magenta',
  'maroon',
  'medium',
  'metallic',
  'midnight',
  'mint',
  'misty',
  'moccasin',
  'navajo',
  'navy',
  'olive',
  'orange',
  'orchid',
  'pale',
  'papaya',
  'peach',
  'peru',
  'pink',
  'plum',
  'powder',
  'puff',
  'purple',
  'red',
  'rose',
  'rosy',
  'royal',
  'saddle',
  'salmon',
  'sandy',
  'seashell',
  'sienna',
  'sky',
  'slate',
  'smoke',
  'snow',
  'spring',
  'steel',
  'tan',
  'thistle',
  'tomato',
  'turquoise',
  'violet',
  'wheat',
  'white',
  'yellow',
];
/** Comment words: Q13 looks for `special … requests`, Q16 for `Customer … Complaints`. */
const WORDS = [
  'furiously',
  'carefully',
  'quickly',
  'slyly',
  'blithely',
  'ironic',
  'final',
  'regular',
  'express',
  'pending',
  'special',
  'bold',
  'even',
  'silent',
  'unusual',
  'packages',
  'deposits',
  'requests',
  'accounts',
  'instructions',
  'theodolites',
  'foxes',
  'pinto',
  'beans',
  'dependencies',
  'excuses',
  'platelets',
  'asymptotes',
  'courts',
  'dolphins',
  'sleep',
  'wake',
  'haggle',
  'nag',
  'use',
  'boost',
];

const list = (xs: readonly string[]) => `[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]`;

/** A pseudo-random integer in [0, n) from the row's key and a salt naming the column. */
function rand(key: string, salt: number, n: number): string {
  return `(hash(${key}, ${salt}) % ${n})::INTEGER`;
}

/** One of `xs`, picked by `rand`. */
function pick(xs: readonly string[], key: string, salt: number): string {
  return `${list(xs)}[${rand(key, salt, xs.length)} + 1]`;
}

/** `words` words of the comment vocabulary, space-separated. */
function comment(key: string, salt: number, words: number): string {
  return Array.from({ length: words }, (_, i) => pick(WORDS, key, salt * 10 + i)).join(` || ' ' || `);
}

/** A decimal(15,2) in [low, low + span) cents-exact. */
function money2(key: string, salt: number, low: number, span: number): string {
  return cents(`${Math.round(low * 100)} + ${rand(key, salt, span * 100)}`);
}

/** An integral number of cents as a decimal(15,2), exactly (DuckDB's `/` would go through DOUBLE). */
function cents(expr: string): string {
  return `((${expr})::DECIMAL(15,0) * 0.01)::DECIMAL(15,2)`;
}

/** TPC-H's retail price of a part, a function of its key (so lineitem can price a line without a join). */
const retailPrice = (partkey: string) =>
  cents(`90000 + ((${partkey} // 10) % 20001) + 100 * (${partkey} % 1000)`);

/** The 4 suppliers of a part (TPC-H's partsupp formula), j in 0..3. */
const supplierOf = (partkey: string, j: string, suppliers: number) =>
  `((${partkey} + ${j} * (${Math.max(1, Math.floor(suppliers / 4))} + (${partkey} - 1) // ${suppliers})) % ${suppliers} + 1)::INTEGER`;

/** An order's date, a function of its key: 1992-01-01 … 1998-08-02 as in TPC-H. */
const orderDate = (orderkey: string) => `(DATE '1992-01-01' + ${rand(orderkey, 101, 2406)})`;
/** How many lines an order has (1 … 7, as in TPC-H). */
const lineCount = (orderkey: string) => `(1 + ${rand(orderkey, 102, 7)})`;

const phone = (key: string, nation: string, salt: number) =>
  `(${nation} + 10)::VARCHAR || '-' || (100 + ${rand(key, salt, 900)})::VARCHAR || '-' || ` +
  `(100 + ${rand(key, salt + 1, 900)})::VARCHAR || '-' || (1000 + ${rand(key, salt + 2, 9000)})::VARCHAR`;

const padded = (prefix: string, key: string) => `'${prefix}#' || lpad(${key}::VARCHAR, 9, '0')`;

/** The DuckDB SELECT that makes each table at scale factor `sf`, in TPC_SCHEMAS' column order. */
export function tpchTableSql(sf: number): Readonly<Record<string, string>> {
  const size = tableSizes(sf);
  const current = `DATE '1995-06-17'`;
  return {
    region: `SELECT i::INTEGER AS r_regionkey, ${list(REGIONS)}[i + 1] AS r_name, ${comment('i', 1, 4)} AS r_comment FROM range(5) AS r(i)`,
    nation:
      `SELECT i::INTEGER AS n_nationkey, ${list(NATIONS.map(([n]) => n))}[i + 1] AS n_name, ` +
      `[${NATIONS.map(([, r]) => r).join(', ')}][i + 1]::INTEGER AS n_regionkey, ${comment('i', 2, 4)} AS n_comment FROM range(25) AS r(i)`,
    supplier:
      `SELECT k::INTEGER AS s_suppkey, ${padded('Supplier', 'k')} AS s_name, ${comment('k', 3, 2)} AS s_address, ` +
      `nk AS s_nationkey, ${phone('k', 'nk', 30)} AS s_phone, ${money2('k', 4, -999.99, 10999)} AS s_acctbal, ` +
      // About 1 in 2000 suppliers has a complaint (dbgen: 5 per 10000 per SF), so Q16 excludes some.
      `CASE WHEN ${rand('k', 5, 2000)} = 0 THEN 'wake Customer slyly Complaints' ELSE ${comment('k', 6, 4)} END AS s_comment ` +
      `FROM (SELECT i + 1 AS k, ${rand('i + 1', 7, 25)} AS nk FROM range(${size.supplier}) AS r(i))`,
    customer:
      `SELECT k::INTEGER AS c_custkey, ${padded('Customer', 'k')} AS c_name, ${comment('k', 8, 2)} AS c_address, ` +
      `nk AS c_nationkey, ${phone('k', 'nk', 40)} AS c_phone, ${money2('k', 9, -999.99, 10999)} AS c_acctbal, ` +
      `${pick(SEGMENTS, 'k', 10)} AS c_mktsegment, ${comment('k', 11, 5)} AS c_comment ` +
      `FROM (SELECT i + 1 AS k, ${rand('i + 1', 12, 25)} AS nk FROM range(${size.customer}) AS r(i))`,
    part:
      `SELECT k::INTEGER AS p_partkey, ` +
      `${[0, 1, 2, 3, 4].map((j) => pick(COLOURS, 'k', 20 + j)).join(` || ' ' || `)} AS p_name, ` +
      `'Manufacturer#' || m::VARCHAR AS p_mfgr, 'Brand#' || m::VARCHAR || (1 + ${rand('k', 26, 5)})::VARCHAR AS p_brand, ` +
      `${pick(TYPE_1, 'k', 27)} || ' ' || ${pick(TYPE_2, 'k', 28)} || ' ' || ${pick(TYPE_3, 'k', 29)} AS p_type, ` +
      `(1 + ${rand('k', 30, 50)})::INTEGER AS p_size, ${pick(CONTAINER_1, 'k', 31)} || ' ' || ${pick(CONTAINER_2, 'k', 32)} AS p_container, ` +
      `${retailPrice('k')} AS p_retailprice, ${comment('k', 33, 3)} AS p_comment ` +
      `FROM (SELECT i + 1 AS k, 1 + ${rand('i + 1', 25, 5)} AS m FROM range(${size.part}) AS r(i))`,
    partsupp:
      `SELECT k::INTEGER AS ps_partkey, ${supplierOf('k', 'j', size.supplier)} AS ps_suppkey, ` +
      `(1 + ${rand('k * 4 + j', 40, 9999)})::INTEGER AS ps_availqty, ${money2('k * 4 + j', 41, 1, 999)} AS ps_supplycost, ` +
      `${comment('k * 4 + j', 42, 5)} AS ps_comment ` +
      `FROM (SELECT p.i + 1 AS k, s.j FROM range(${size.part}) AS p(i), range(4) AS s(j))`,
    orders:
      `SELECT k::INTEGER AS o_orderkey, ` +
      // dbgen leaves every third customer without orders (Q13 and Q22 count them).
      `(CASE WHEN c % 3 = 0 THEN c - 1 ELSE c END)::INTEGER AS o_custkey, ` +
      `CASE WHEN d + 121 + 30 <= ${current} THEN 'F' WHEN d > ${current} THEN 'O' ELSE 'P' END AS o_orderstatus, ` +
      `${money2('k', 50, 800, 500000)} AS o_totalprice, d AS o_orderdate, ${pick(PRIORITIES, 'k', 51)} AS o_orderpriority, ` +
      `${padded('Clerk', `(1 + ${rand('k', 52, Math.max(1, Math.round(1000 * sf)))})`)} AS o_clerk, 0 AS o_shippriority, ` +
      // About 1 in 100 order comments says `special … requests` (Q13 leaves those out).
      `CASE WHEN ${rand('k', 53, 100)} = 0 THEN 'slyly special pending requests' ELSE ${comment('k', 54, 4)} END AS o_comment ` +
      `FROM (SELECT i + 1 AS k, 1 + ${rand('i + 1', 55, size.customer)} AS c, ${orderDate('i + 1')} AS d FROM range(${size.orders}) AS r(i))`,
    lineitem:
      `SELECT o::INTEGER AS l_orderkey, pk::INTEGER AS l_partkey, ${supplierOf('pk', rand('o * 8 + n', 60, 4), size.supplier)} AS l_suppkey, ` +
      `n::INTEGER AS l_linenumber, q AS l_quantity, (q * ${retailPrice('pk')})::DECIMAL(15,2) AS l_extendedprice, ` +
      `${cents(rand('o * 8 + n', 61, 11))} AS l_discount, ${cents(rand('o * 8 + n', 62, 9))} AS l_tax, ` +
      `CASE WHEN rd <= ${current} THEN ${pick(['R', 'A'], 'o * 8 + n', 63)} ELSE 'N' END AS l_returnflag, ` +
      `CASE WHEN sd > ${current} THEN 'O' ELSE 'F' END AS l_linestatus, sd AS l_shipdate, ` +
      `(od + 30 + ${rand('o * 8 + n', 64, 61)}) AS l_commitdate, rd AS l_receiptdate, ` +
      `${pick(INSTRUCTIONS, 'o * 8 + n', 65)} AS l_shipinstruct, ${pick(MODES, 'o * 8 + n', 66)} AS l_shipmode, ` +
      `${comment('o * 8 + n', 67, 3)} AS l_comment ` +
      `FROM (SELECT o, n, pk, q, od, sd, sd + 1 + ${rand('o * 8 + n', 68, 30)} AS rd FROM (` +
      `SELECT o, n, 1 + ${rand('o * 8 + n', 69, size.part)} AS pk, (1 + ${rand('o * 8 + n', 70, 50)})::DECIMAL(15,2) AS q, ` +
      `od, od + 1 + ${rand('o * 8 + n', 71, 121)} AS sd FROM (` +
      `SELECT r.i + 1 AS o, l.n, ${orderDate('r.i + 1')} AS od FROM range(${size.orders}) AS r(i), range(1, 8) AS l(n) ` +
      `WHERE l.n <= ${lineCount('r.i + 1')})))`,
  };
}
