// A team member as the admin screens name them: the name on its line with the email under it, smaller and
// dimmed (the two read apart in a narrow column); the email alone for a member who has set no name.

import { Text } from '@mantine/core';
import { EmailAddress } from './email-address';

export function PersonName({ name, email }: { name: string | null; email: string }) {
  if (!name)
    return (
      <Text size="sm">
        <EmailAddress email={email} />
      </Text>
    );
  return (
    <>
      <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        <EmailAddress email={email} />
      </Text>
    </>
  );
}
