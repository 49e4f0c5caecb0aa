// The Marketing tab's material cards (spec §2): title, description, type, download count and a
// Download button. A download is recorded first; the answer carries the address to open.

import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MATERIAL_TYPE_LABELS, MESSAGES, plural, type Material } from '@portal/contracts';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { QueryList } from '../../components/list-section';
import { CardHeading } from '../../components/card-heading';

/**
 * Starts a download: the portal's own signed addresses through a temporary <a download> (no
 * popup, the page stays), external addresses in a new tab.
 */
export function startDownload(url: string, fileName?: string | null): void {
  const sameOrigin = url.startsWith('/') || url.startsWith(window.location.origin);
  if (!sameOrigin && window.open(url, '_blank', 'noopener,noreferrer')) return;
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener noreferrer';
  if (sameOrigin) link.download = fileName ?? '';
  else link.target = '_blank';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export const downloadCountText = (count: number) => plural(count, 'download', 'downloads');

export function MaterialCard({
  material,
  downloading,
  onDownload,
}: {
  material: Material;
  downloading: boolean;
  onDownload: () => void;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="material-card">
      <Stack gap="sm" h="100%">
        {/* The title has the card's width, its type on the line under it: beside it, a long type ("Email
            template") left a column narrower than a word of the title. */}
        <Stack gap={6} align="flex-start">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconFileText size={20} style={{ flexShrink: 0 }} aria-hidden />
            {/* Lines break between words (no hyphenation); only a word longer than the line breaks inside. */}
            <Title order={4} size="h5" miw={0} style={{ overflowWrap: 'break-word', hyphens: 'manual' }}>
              {material.title}
            </Title>
          </Group>
          <Badge variant="light" radius="sm">
            {MATERIAL_TYPE_LABELS[material.type]}
          </Badge>
        </Stack>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {material.description ?? 'No description.'}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" data-testid="download-count">
            {downloadCountText(material.downloadCount)}
          </Text>
          <Button
            size="sm"
            leftSection={<IconDownload size={16} />}
            loading={downloading}
            onClick={onDownload}
            aria-label={`Download ${material.title}`}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function MarketingMaterials() {
  const materials = trpc.partner.materials.useQuery();
  const utils = trpc.useUtils();
  const [downloadingId, setDownloadingId] = useState<string | null>(null);
  const download = trpc.partner.downloadMaterial.useMutation();

  async function onDownload(material: Material) {
    setDownloadingId(material.id);
    try {
      const result = await download.mutateAsync({ id: material.id });
      utils.partner.materials.setData(undefined, (list) =>
        list?.map((m) => (m.id === material.id ? { ...m, downloadCount: result.downloadCount } : m)),
      );
      notifySuccess(MESSAGES.downloadTracked, `${material.title} is downloading.`);
      startDownload(result.url, material.fileName);
    } catch (error) {
      // Recording failures are only logged (spec §7); the address comes from that call, so
      // without it there is nothing to open and the partner is told so.
      console.error('Recording the download failed', error);
      notifyFailure('Download unavailable', error, 'The file could not be opened. Please try again.');
    } finally {
      setDownloadingId(null);
    }
  }

  return (
    <Stack gap="sm">
      <CardHeading
        order={3}
        size="h4"
        title="Marketing Materials"
        description="Brochures, decks and templates to share with your clients."
      />
      <QueryList
        query={materials}
        failure="Unable to load marketing materials. Please try again."
        loading="Loading materials"
        empty="No marketing materials yet. Check back soon."
        emptyCard
        failureText
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.map((material) => (
              <MaterialCard
                key={material.id}
                material={material}
                downloading={downloadingId === material.id}
                onDownload={() => void onDownload(material)}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryList>
    </Stack>
  );
}
