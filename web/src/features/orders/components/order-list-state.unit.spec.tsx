import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NoOrders, OrdersLoadFailed, orderListView } from './order-list-state';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/<!-- -->/g, '');

describe('the order list: a failed load is an error with a retry, never the empty state', () => {
  it('a load that failed with no orders known shows the error state, not "No orders yet"', () => {
    expect(orderListView({ isLoading: false, isError: true, data: undefined }, 0)).toBe('error');
    const html = text(renderToString(<OrdersLoadFailed onRetry={() => undefined} />));
    expect(html).toContain('We could not load your orders');
    expect(html).toContain('Retry');
    expect(html).not.toContain('No orders yet');
    expect(html).not.toContain('Start Shopping');
  });

  it('loading, an empty list, no match and a list are told apart; a failed refresh keeps the orders already shown', () => {
    expect(orderListView({ isLoading: true, isError: false, data: undefined }, 0)).toBe('loading');
    expect(orderListView({ isLoading: false, isError: false, data: [] }, 0)).toBe('empty');
    expect(orderListView({ isLoading: false, isError: false, data: [{}] }, 0)).toBe('no-match');
    expect(orderListView({ isLoading: false, isError: false, data: [{}] }, 1)).toBe('list');
    expect(orderListView({ isLoading: false, isError: true, data: [{}] }, 1)).toBe('list');
    const empty = text(
      renderToString(
        <MemoryRouter>
          <NoOrders filtered={false} />
        </MemoryRouter>,
      ),
    );
    expect(empty).toContain('No orders yet');
  });
});
