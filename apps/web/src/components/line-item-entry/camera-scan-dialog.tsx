import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { cameraDetector } from './barcode-camera.ts';
import classes from './line-item-entry.module.css';

interface CameraScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The first barcode the camera reads; the dialog closes. */
  onDetected: (rawValue: string) => void;
}

/**
 * Scans a package's barcode with the device camera (GS1 DataMatrix, UPC-A, GS1-128, Code 128).
 * The camera runs only while the dialog is open.
 */
export function CameraScanDialog({ opened, onClose, onDetected }: CameraScanDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Scan with the camera" size="md">
      {opened && <CameraScanner onClose={onClose} onDetected={onDetected} />}
    </Modal>
  );
}

/** Why the camera cannot scan, in words a person can act on. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'The browser was not allowed to use the camera. Allow the camera for this site in the browser’s settings, then try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device. Use the scanner or type the NDC.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is in use by another program or could not be started. Close the other program, then try again.';
    default:
      return `The camera could not scan${error instanceof Error && error.message ? ` (${error.message})` : ''}. Use the scanner or type the NDC.`;
  }
}

const SCAN_INTERVAL_MS = 150;

function CameraScanner({ onClose, onDetected }: Omit<CameraScanDialogProps, 'opened'>) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | { problem: string }>('starting');
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        throw new DOMException('The camera needs a secure (HTTPS) connection to 3DS.', 'SecurityError');
      }
      const [media, detector] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } }, audio: false }),
        cameraDetector(),
      ]);
      stream = media;
      if (stopped || !video.current) return stop();
      video.current.srcObject = media;
      await video.current.play();
      setState('scanning');
      const scan = async () => {
        if (stopped || !video.current) return;
        if (video.current.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const [first] = await detector.detect(video.current);
          if (first?.rawValue && !stopped) {
            stop();
            detected.current(first.rawValue);
            return;
          }
        }
        timer = setTimeout(() => void scan().catch(fail), SCAN_INTERVAL_MS);
      };
      await scan();
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      stop();
      setState({ problem: cameraProblem(error) });
    };
    void start().catch(fail);
    return stop;
  }, []);

  return (
    <Stack gap="md">
      {typeof state === 'object' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The camera cannot scan">
          {state.problem}
        </Alert>
      ) : (
        <>
          <div className={classes.cameraFrame}>
            <video ref={video} className={classes.cameraVideo} muted playsInline aria-label="Camera picture" />
            {state === 'starting' && (
              <Group className={classes.cameraStarting} justify="center" gap="xs">
                <Loader size="sm" color="white" />
                <Text size="sm" c="white">
                  Starting the camera…
                </Text>
              </Group>
            )}
            <div className={classes.cameraTarget} aria-hidden />
          </div>
          <Text size="sm" c="dimmed" role="status">
            {state === 'scanning' ? 'Hold the package’s barcode inside the frame: it is read as soon as it is sharp.' : 'Starting the camera…'}
          </Text>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {typeof state === 'object' ? 'Close' : 'Cancel'}
        </Button>
      </Group>
    </Stack>
  );
}
