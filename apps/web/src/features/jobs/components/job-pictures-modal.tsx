import '@mantine/carousel/styles.css';

import { Carousel } from '@mantine/carousel';
import { Badge, Button, FileButton, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff, IconPhotoPlus } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import { useState } from 'react';
import { PICTURE_ACCEPT, pictureTabs, type PictureSlot, type PictureTab } from '../job-record.ts';
import type { FieldData } from '../../../lib/records/record-shapes.ts';
import classes from './job-view.module.css';

interface JobPicturesModalProps {
  opened: boolean;
  onClose: () => void;
  fieldData: FieldData;
  /**
   * When set, an empty slot offers "Add picture" (CREATE_JOB on an unlocked job whose pictures are
   * its own); the callback uploads the chosen file into that slot.
   */
  onAdd?: ((slot: string, file: File) => void) | undefined;
  /** The slot being uploaded, if any. */
  uploadingSlot?: string | null | undefined;
}

/**
 * "Pictures" (spec 1 §2): tabs Reconciliation (9), Pick-Up (12), Transportation (12),
 * Destruction (21) and Driver (7), each a carousel of its slots. A missing picture shows a blank
 * placeholder. The server already gives the sister job's pictures when there is one.
 */
export function JobPicturesModal({ opened, onClose, fieldData, onAdd, uploadingSlot }: JobPicturesModalProps) {
  const tabs = pictureTabs(fieldData);
  const [active, setActive] = useState<string | null>(tabs[0]?.key ?? null);

  return (
    <Modal opened={opened} onClose={onClose} title="Pictures" size="xl">
      <Tabs value={active} onChange={setActive} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.key}
              value={tab.key}
              rightSection={
                tab.filled > 0 ? (
                  <Badge size="xs" variant="light" circle>
                    {tab.filled}
                  </Badge>
                ) : undefined
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.key} value={tab.key}>
            <PictureCarousel tab={tab} onAdd={onAdd} uploadingSlot={uploadingSlot ?? null} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}

/** One tab's slots: the carousel, and a row of slot buttons to jump to (filled ones stand out). */
function PictureCarousel({ tab, onAdd, uploadingSlot }: { tab: PictureTab; onAdd: JobPicturesModalProps['onAdd']; uploadingSlot: string | null }) {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [current, setCurrent] = useState(0);
  return (
    <Stack gap="sm">
      <Carousel
        withIndicators={false}
        slideGap="md"
        emblaOptions={{ align: 'start', containScroll: 'trimSnaps' }}
        getEmblaApi={setEmbla}
        onSlideChange={setCurrent}
        previousControlProps={{ 'aria-label': `Previous ${tab.label} picture` }}
        nextControlProps={{ 'aria-label': `Next ${tab.label} picture` }}
        previousControlIcon={<IconChevronLeft size={18} aria-hidden />}
        nextControlIcon={<IconChevronRight size={18} aria-hidden />}
        controlSize={34}
        aria-label={`${tab.label} pictures`}
        aria-roledescription="carousel"
      >
        {tab.slots.map((slot) => (
          <Carousel.Slide key={slot.slot} aria-roledescription="slide" aria-label={`${slot.position} of ${tab.slots.length}`}>
            <PictureSlide
              tabLabel={tab.label}
              total={tab.slots.length}
              slot={slot}
              onAdd={onAdd}
              uploading={uploadingSlot === slot.slot}
              busy={uploadingSlot !== null}
            />
          </Carousel.Slide>
        ))}
      </Carousel>
      <Group gap={6} wrap="wrap" role="group" aria-label={`${tab.label} slots`}>
        {tab.slots.map((slot, index) => (
          <Button
            key={slot.slot}
            size="compact-xs"
            variant={index === current ? 'filled' : slot.href ? 'light' : 'default'}
            onClick={() => embla?.scrollTo(index)}
            aria-label={`Show ${slot.slot}${slot.href ? '' : ' (no picture)'}`}
            aria-current={index === current ? 'true' : undefined}
            miw={40}
          >
            {slot.slot}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function PictureSlide({
  tabLabel,
  total,
  slot,
  onAdd,
  uploading,
  busy,
}: {
  tabLabel: string;
  total: number;
  slot: PictureSlot;
  onAdd: JobPicturesModalProps['onAdd'];
  uploading: boolean;
  busy: boolean;
}) {
  const name = `${tabLabel} picture ${slot.position} (${slot.slot})`;
  return (
    <Stack gap={8}>
      {slot.href ? (
        <a href={slot.href} target="_blank" rel="noreferrer" className={classes.pictureStage} title="Open the full picture">
          <img src={slot.href} alt={name} className={classes.picture} />
        </a>
      ) : (
        <div className={`${classes.pictureStage} ${classes.noPicture}`}>
          <Stack align="center" gap={8}>
            {/* The empty slot is an image of its own; the Add picture button sits beside it, not inside. */}
            <Stack align="center" gap={8} role="img" aria-label={`${name}: no picture`}>
              <IconPhotoOff size={40} stroke={1.3} aria-hidden />
              <Text size="sm" fw={500} aria-hidden>
                No picture
              </Text>
            </Stack>
            {onAdd && (
              <FileButton accept={PICTURE_ACCEPT} onChange={(file) => file && onAdd(slot.slot, file)}>
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconPhotoPlus size={15} stroke={1.8} aria-hidden />}
                    loading={uploading}
                    disabled={busy && !uploading}
                    aria-label={`Add picture ${slot.slot}`}
                  >
                    Add picture
                  </Button>
                )}
              </FileButton>
            )}
          </Stack>
        </div>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {slot.slot}
        </Text>
        <Text size="xs" c="dimmed">
          {slot.position} of {total}
        </Text>
      </Group>
    </Stack>
  );
}
