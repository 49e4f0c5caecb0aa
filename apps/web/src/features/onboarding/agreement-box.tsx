// The Affiliate Agreement of the registration form and of the updated-agreement review (spec §2): a
// scrollable box whose acceptance checkbox unlocks only once the reader has scrolled to within 10 px of the
// bottom. The text is the version in force (GET /api/program-terms); version 1's text stands in until it loads.

import { Box, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { AGREEMENT_SCROLL_THRESHOLD_PX, CURRENT_AGREEMENT, type AgreementText } from '@portal/contracts';
import { useEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';

export const AGREEMENT_HINTS = {
  scroll: 'Please scroll to the bottom of the agreement to continue.',
  read: 'Thank you for reading the agreement. You may now accept the terms below.',
  accepted: 'Agreement accepted',
} as const;

export const AGREEMENT_CHECKBOX_LABEL = 'I have read and agree to the terms of the Affiliate Agreement';

function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= AGREEMENT_SCROLL_THRESHOLD_PX;
}

export interface AgreementBoxProps {
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  error?: ReactNode;
  /** The agreement to read; version 1's text when not given. */
  agreement?: AgreementText;
  /** The box's height: the review screen, with the changes above it, gives it less. */
  height?: string;
}

export function AgreementBox({
  accepted,
  onAcceptedChange,
  error,
  agreement = CURRENT_AGREEMENT,
  height = '24rem',
}: AgreementBoxProps) {
  const [readToBottom, setReadToBottom] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);

  // A box whose text fits without scrolling (a very large screen) counts as read. An unmeasured
  // box (scrollHeight 0, e.g. before layout) does not.
  useEffect(() => {
    const element = boxRef.current;
    if (element && element.scrollHeight > 0 && isAtBottom(element)) setReadToBottom(true);
  }, [agreement]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (!readToBottom && isAtBottom(event.currentTarget)) setReadToBottom(true);
  };

  const hint = accepted ? AGREEMENT_HINTS.accepted : readToBottom ? AGREEMENT_HINTS.read : AGREEMENT_HINTS.scroll;

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4">
          {agreement.title}
        </Title>
        <Text size="xs" c="dimmed">
          Version {agreement.version}
        </Text>
      </div>
      <Paper withBorder radius="md">
        <Box
          ref={boxRef}
          onScroll={onScroll}
          h={height}
          p="md"
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={agreement.title}
          data-testid="agreement-scroll"
        >
          <Stack gap="md">
            {agreement.sections.map((section) => (
              <section key={section.heading}>
                <Text fw={600} size="sm" mb={4}>
                  {section.heading}
                </Text>
                <Stack gap={6}>
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph} size="sm" lh={1.6}>
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              </section>
            ))}
          </Stack>
        </Box>
      </Paper>
      <Text
        size="sm"
        c={accepted ? 'teal' : readToBottom ? 'blue' : 'dimmed'}
        aria-live="polite"
        data-testid="agreement-hint"
      >
        {hint}
      </Text>
      <Checkbox
        label={AGREEMENT_CHECKBOX_LABEL}
        checked={accepted}
        disabled={!readToBottom}
        onChange={(event) => onAcceptedChange(event.currentTarget.checked)}
        error={error}
      />
    </Stack>
  );
}
