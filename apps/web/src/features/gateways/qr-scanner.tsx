import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM library yet). */
export interface QrDetector {
  detect(source: Blob | HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * A QR reader: the browser's own where it has one (the Barcode Detection API: Chrome on Android
 * and macOS), else ZXing's, downloaded only then (Firefox, Chromium on Linux). Null when neither
 * can be had (offline before ZXing's code was ever downloaded).
 */
export async function browserQrDetector(): Promise<QrDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  try {
    if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) return new Detector({ formats: ['qr_code'] });
  } catch {
    // A native detector that fails to answer is no better than none.
  }
  try {
    return (await import('./zxing-qr-detector')).zxingQrDetector();
  } catch {
    return null;
  }
}

const SCAN_EVERY_MS = 400;

interface QrScannerProps {
  /** The text of the first QR code read. */
  onText: (text: string) => void;
  getDetector?: () => Promise<QrDetector | null>;
}

/** Read a QR code with the camera, or from a photo of it; says so plainly where the browser cannot. */
export function QrScanner({ onText, getDetector = browserQrDetector }: QrScannerProps) {
  const { t } = useTranslation('gateways');
  const [detector, setDetector] = useState<QrDetector | null | 'checking'>('checking');
  const [cameraOn, setCameraOn] = useState(false);
  const [problem, setProblem] = useState<'cameraFailed' | 'noQrInPhoto' | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onText);
  useEffect(() => {
    latest.current = onText;
  });

  useEffect(() => {
    let current = true;
    void getDetector().then((found) => current && setDetector(found));
    return () => {
      current = false;
    };
  }, [getDetector]);

  // The camera runs only while wanted, and stops on the first code read or when the page is left.
  useEffect(() => {
    if (!cameraOn || detector === null || detector === 'checking') return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return stop();
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        timer = setInterval(() => {
          if (!video.current || video.current.readyState < 2) return;
          detector.detect(video.current).then(
            (codes) => {
              const text = codes[0]?.rawValue;
              if (text && !stopped) {
                stop();
                setCameraOn(false);
                latest.current(text);
              }
            },
            () => undefined,
          );
        }, SCAN_EVERY_MS);
      })
      .catch(() => {
        setProblem('cameraFailed');
        setCameraOn(false);
      });
    return stop;
  }, [cameraOn, detector]);

  async function readPhoto(file: File | null) {
    if (!file || detector === null || detector === 'checking') return;
    setProblem(null);
    try {
      const codes = await detector.detect(file);
      const text = codes[0]?.rawValue;
      if (text) latest.current(text);
      else setProblem('noQrInPhoto');
    } catch {
      setProblem('noQrInPhoto');
    }
  }

  if (detector === 'checking') return null;
  if (detector === null) {
    return (
      <Alert color="gray" variant="light" role="note" data-testid="qr-unsupported">
        {t('setup.unsupported')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          variant={cameraOn ? 'default' : 'light'}
          onClick={() => {
            setProblem(null);
            setCameraOn((on) => !on);
          }}
        >
          {cameraOn ? t('setup.stopCamera') : t('setup.startCamera')}
        </Button>
        <FileButton onChange={(file) => void readPhoto(file)} accept="image/*">
          {(props) => (
            <Button variant="light" {...props}>
              {t('setup.pickPhoto')}
            </Button>
          )}
        </FileButton>
      </Group>
      {cameraOn && (
        <Stack gap={4}>
          <video
            ref={video}
            muted
            playsInline
            aria-label={t('setup.cameraLabel')}
            style={{ width: '100%', maxWidth: 360, borderRadius: 8, background: '#000' }}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('setup.scanning')}
          </Text>
        </Stack>
      )}
      {problem && (
        <Alert color="orange" variant="light" role="alert">
          {t(`setup.${problem}`)}
        </Alert>
      )}
    </Stack>
  );
}
