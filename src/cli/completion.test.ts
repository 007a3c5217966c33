import { describe, expect, it } from 'vitest';
import { type CompletionSource, complete } from './completion.js';

const TABLES: Record<string, readonly string[]> = {
  default: ['orders', 'customers'],
  sales: ['invoices', 'orders'],
};
const COLUMNS: Record<string, readonly string[]> = {
  orders: ['order_id', 'amount', 'customer_id'],
  customers: ['customer_id', 'name'],
  'sales.invoices': ['invoice_id', 'total'],
  'sales.orders': ['order_id', 'region'],
};

/** A catalog whose current database is `current`. */
function source(current = 'default'): CompletionSource {
  return {
    tables: async (db) => TABLES[db ?? current] ?? [],
    databases: async () => Object.keys(TABLES),
    columns: async (t) => COLUMNS[t.includes('.') || current === 'default' ? t : `${current}.${t}`] ?? [],
    functions: () => ['coalesce', 'concat', 'count', 'current_date', 'sum'],
  };
}

describe('complete', () => {
  it('keywords and function names in the case being typed', async () => {
    expect(await complete('', 'SEL', source())).toEqual([['SELECT'], 'SEL']);
    expect(await complete('', 'select * fr', source())).toEqual([['from'], 'fr']);
    expect(await complete('', 'SELECT CO', source())).toEqual([
      ['COALESCE', 'COLUMN', 'COLUMNS', 'COMMENT', 'CONCAT', 'CONSTRAINT', 'COUNT'],
      'CO',
    ]);
    expect(await complete('', 'select su', source())).toEqual([['sum'], 'su']);
  });

  it('table and database names', async () => {
    expect(await complete('', 'SELECT * FROM cus', source())).toEqual([['customers'], 'cus']);
    expect(await complete('', 'SELECT * FROM or', source())).toEqual([['or', 'order', 'orders'], 'or']);
    expect(await complete('', 'SELECT * FROM sa', source())).toEqual([['sales'], 'sa']);
  });

  it('`db.` completes the tables of that database; `db.t.` its columns', async () => {
    expect(await complete('', 'SELECT * FROM sales.', source())).toEqual([
      ['sales.invoices', 'sales.orders'],
      'sales.',
    ]);
    expect(await complete('', 'SELECT * FROM SALES.in', source())).toEqual([['SALES.invoices'], 'SALES.in']);
    expect(await complete('', 'SELECT sales.invoices.to', source())).toEqual([
      ['sales.invoices.total'],
      'sales.invoices.to',
    ]);
  });

  it('follows the current database', async () => {
    expect(await complete('', 'SELECT * FROM inv', source('sales'))).toEqual([['invoices'], 'inv']);
    expect(await complete('', 'SELECT * FROM inv', source('default'))).toEqual([[], 'inv']);
    expect(await complete('SELECT * FROM invoices', 'WHERE tot', source('sales'))).toEqual([
      ['total'],
      'tot',
    ]);
  });

  it('columns of the tables the statement names, also from earlier lines and as db.t', async () => {
    expect(await complete('SELECT *', 'FROM orders WHERE am', source())).toEqual([['amount'], 'am']);
    expect(await complete('FROM customers', '', source())).toEqual([
      ['customer_id', 'customers', 'name', 'orders'],
      '',
    ]);
    expect(await complete('FROM orders JOIN customers', 'WHERE cust', source())).toEqual([
      ['customer_id', 'customers'],
      'cust',
    ]);
    expect(await complete('SELECT * FROM sales.orders', 'WHERE reg', source())).toEqual([['region'], 'reg']);
  });

  it('qualified columns after `table.`', async () => {
    expect(await complete('', 'SELECT orders.', source())).toEqual([
      ['orders.order_id', 'orders.amount', 'orders.customer_id'],
      'orders.',
    ]);
    expect(await complete('', 'SELECT customers.na', source())).toEqual([['customers.name'], 'customers.na']);
    expect(await complete('', 'SELECT nope.x', source())).toEqual([[], 'nope.x']);
  });
});
