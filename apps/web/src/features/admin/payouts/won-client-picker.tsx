// The partner, then one of that partner's won clients: how a payment (recorded by hand, or sent by Stripe
// without a client the portal could find) is put on a client.

import { Select } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { PartnerPicker } from '../partners/partner-picker';

export interface WonClientChoice {
  referralId: string | null;
  /** The chosen client's monthly value (decimal string), what a month of its service is billed. */
  monthlyValue: string | null;
  setReferralId: (id: string | null) => void;
  fields: React.ReactNode;
}

/**
 * The two fields and the chosen client; a new partner clears the client. The choice lives as long as the
 * form that holds it: a dialog mounts its form afresh on each opening (FreshDialog), so it starts empty.
 */
export function useWonClientPicker(error?: string | null): WonClientChoice {
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const [referralId, setReferralId] = useState<string | null>(null);
  const referrals = trpc.admin.referrals.useQuery(
    { partnerId: partnerId ?? undefined, stage: 'won', limit: 100, sort: 'clientCompanyName' },
    { enabled: Boolean(partnerId) },
  );
  const fields = (
    <>
      <PartnerPicker
        label="Partner"
        placeholder="Search partners"
        value={partnerId}
        onChange={(id) => {
          setPartnerId(id);
          setReferralId(null);
        }}
      />
      <Select
        label="Client"
        placeholder={partnerId ? 'Choose a won client' : 'Choose the partner first'}
        searchable
        disabled={!partnerId}
        data={(referrals.data?.items ?? []).map((r) => ({ value: r.id, label: r.clientCompanyName }))}
        value={referralId}
        onChange={setReferralId}
        nothingFoundMessage="No won client"
        error={error}
      />
    </>
  );
  const chosen = referrals.data?.items.find((r) => r.id === referralId);
  return {
    referralId,
    monthlyValue: chosen?.monthlyValue ?? null,
    setReferralId,
    fields,
  };
}
