// The audit log's Actor column: a person's name on its line and the address under it, the address
// breakable only after its "@"; an API key and the system by their labels. An entry's other details read as
// text: a list by its count or its few plain values.

import type { ActivityEntry } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detailText } from '../src/features/admin/activity/activity-changes';
import { ActivityTable } from '../src/features/admin/activity/activity-table';
import { renderWithProviders } from './render';

const entry = (id: string, actor: ActivityEntry['actor']): ActivityEntry => ({
  id,
  createdAt: '2026-11-03T15:00:00.000Z',
  action: 'partner.approved',
  entityType: 'partner',
  entityId: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
  subject: 'Northwind Growth',
  partnerName: 'Northwind Growth',
  actor,
  changes: [],
  details: null,
});

describe('the activity table', () => {
  it('shows who acted: a name over its address, an address alone, a key or the system', () => {
    renderWithProviders(
      <ActivityTable
        entries={[
          entry('0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b01', {
            kind: 'user',
            id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00',
            label: 'Morgan Lee <admin@partnerportal.demo>',
            email: 'admin@partnerportal.demo',
            name: 'Morgan Lee',
          }),
          entry('0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b02', {
            kind: 'user',
            id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f01',
            label: 'ops@example.com',
            email: 'ops@example.com',
            name: null,
          }),
          entry('0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b03', {
            kind: 'apiKey',
            id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f02',
            label: 'API key CRM sync',
            email: null,
            name: 'CRM sync',
          }),
        ]}
      />,
    );
    const [, named, addressOnly, key] = screen.getAllByRole('row');
    const name = within(named!).getByText('Morgan Lee');
    const address = within(named!).getByText('partnerportal.demo').parentElement!;
    expect(name.contains(address)).toBe(false);
    expect(address.textContent).toBe('admin@partnerportal.demo');
    // Two halves that each stay whole, with the one break opportunity between them.
    expect([...address.childNodes].map((node) => node.nodeName)).toEqual(['SPAN', 'WBR', 'SPAN']);
    expect(within(addressOnly!).getByText('ops@')).toBeTruthy();
    expect(within(addressOnly!).getByText('example.com')).toBeTruthy();
    expect(within(key!).getByText('API key CRM sync')).toBeTruthy();
  });
});

describe("an entry's other details", () => {
  it('gives a list by its count, or its few plain values, and a value as text, never raw JSON arrays', () => {
    expect(
      detailText([
        { partnerId: 'a', net: '100.00' },
        { partnerId: 'b', net: '50.00' },
      ]),
    ).toBe('2');
    expect(detailText(['a1', 'b2'])).toBe('a1, b2');
    expect(detailText(['a', 'b', 'c', 'd'])).toBe('4');
    expect(detailText('2026-11')).toBe('2026-11');
    expect(detailText(4)).toBe('4');
    expect(detailText(null)).toBe('null');
  });
});
