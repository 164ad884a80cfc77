import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** The browser's own QR reader where it has one (Chrome on Android, Safari 17+ on some devices). */
interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
};

type Reader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * A frame reader: BarcodeDetector when the browser has it for QR codes, else jsqr — fetched
 * only now that the camera opens, so the door screen's first load stays small.
 */
async function makeReader(): Promise<Reader> {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.())?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // A smaller frame decodes several times faster and a QR held up to the camera still fills it.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** The same QR held in front of the camera is sent once, not once per frame. */
const REPEAT_AFTER_MS = 4000;

/**
 * The rear camera's picture, read a few times a second; each new QR is handed to `onScan`.
 * The camera stops when the component goes.
 */
export default function CameraScanner({ onScan }: { onScan: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = { text: '', at: 0 };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        const tick = async () => {
          if (stopped || !video.current) return;
          const text = await read(video.current).catch(() => null);
          const now = Date.now();
          if (text && (text !== last.text || now - last.at > REPEAT_AFTER_MS)) {
            last = { text, at: now };
            latest.current(text);
          }
          timer = setTimeout(tick, 150);
        };
        void tick();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <Alert type="warning" showIcon message={t('door.cameraFailed')} />;
  return <video ref={video} muted playsInline aria-label={t('door.camera')} className="door-camera" />;
}
