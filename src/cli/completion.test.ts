import { describe, expect, it } from 'vitest';
import { type CompletionSource, complete } from './completion.js';

const source: CompletionSource = {
  tables: async () => ['orders', 'customers'],
  columns: async (t) => (t === 'orders' ? ['order_id', 'amount', 'customer_id'] : ['customer_id', 'name']),
};

describe('complete', () => {
  it('keywords in the case being typed', async () => {
    expect(await complete('', 'SEL', source)).toEqual([['SELECT'], 'SEL']);
    expect(await complete('', 'select * fr', source)).toEqual([['from'], 'fr']);
  });

  it('table names', async () => {
    expect(await complete('', 'SELECT * FROM cus', source)).toEqual([['customers'], 'cus']);
    expect(await complete('', 'SELECT * FROM or', source)).toEqual([['or', 'order', 'orders'], 'or']);
  });

  it('columns of the tables the statement names, also from earlier lines', async () => {
    expect(await complete('SELECT *', 'FROM orders WHERE am', source)).toEqual([['amount'], 'am']);
    expect(await complete('FROM customers', '', source)).toEqual([
      ['customer_id', 'customers', 'name', 'orders'],
      '',
    ]);
    expect(await complete('FROM orders JOIN customers', 'WHERE cust', source)).toEqual([
      ['customer_id', 'customers'],
      'cust',
    ]);
  });

  it('qualified columns after `table.`', async () => {
    expect(await complete('', 'SELECT orders.', source)).toEqual([
      ['orders.order_id', 'orders.amount', 'orders.customer_id'],
      'orders.',
    ]);
    expect(await complete('', 'SELECT customers.na', source)).toEqual([['customers.name'], 'customers.na']);
    expect(await complete('', 'SELECT nope.x', source)).toEqual([[], 'nope.x']);
  });
});
