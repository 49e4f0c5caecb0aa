// The row under every server-paged list: the range while the list has rows, page buttons once the
// rows fill more than one page.

import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListPager } from '../src/components/list-pager';
import { renderWithProviders } from './render';

describe('the pager row', () => {
  it('shows nothing for an empty list', () => {
    renderWithProviders(
      <div data-testid="list-end">
        <ListPager page={1} onPage={vi.fn()} pageSize={10} total={0} />
      </div>,
    );
    expect(screen.getByTestId('list-end').childElementCount).toBe(0);
  });

  it('shows the range without page buttons when the rows fit on one page', () => {
    renderWithProviders(<ListPager page={1} onPage={vi.fn()} pageSize={10} total={3} rangeTestId="range" />);
    expect(screen.getByTestId('range').textContent).toBe('1–3 of 3');
    expect(screen.queryByRole('button', { name: 'Page 1' })).toBeNull();
  });

  it('shows the rows of the page and named page buttons on a later page', () => {
    const onPage = vi.fn();
    renderWithProviders(
      <ListPager page={2} onPage={onPage} pageSize={10} total={25} label="Fees pages" rangeTestId="range" />,
    );
    expect(screen.getByTestId('range').textContent).toBe('11–20 of 25');
    expect(screen.getByLabelText('Fees pages')).toBeTruthy();
    screen.getByRole('button', { name: 'Next page' }).click();
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('groups the thousands of a long list', () => {
    renderWithProviders(
      <ListPager page={41} onPage={vi.fn()} pageSize={25} total={12_345} rangeTestId="range" label="Entries pages" />,
    );
    expect(screen.getByTestId('range').textContent).toBe('1,001–1,025 of 12,345');
  });

  it('says the list’s own count in place of the range', () => {
    renderWithProviders(<ListPager page={1} onPage={vi.fn()} pageSize={20} total={45} summary="45 commissions" />);
    expect(screen.getByText('45 commissions')).toBeTruthy();
    expect(screen.queryByText(/of 45/)).toBeNull();
  });
});
