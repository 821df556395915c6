import { mediaError } from './media';

/** AudioContext.setSinkId is newer than TypeScript's DOM library. */
type SinkableContext = AudioContext & { setSinkId?: (sinkId: string) => Promise<void> };

const TONE_HZ = 440;
const TONE_SECONDS = 1.5;
// Quiet: a test tone in headphones at full scale is painful.
const TONE_GAIN = 0.15;

/**
 * Play a short tone on the chosen speaker. AudioContext.setSinkId routes it where supported; else
 * the tone goes through an <audio> element, whose setSinkId is older; else the default speaker.
 * Resolves when the tone has finished.
 */
export async function playTone(speakerId: string | undefined): Promise<void> {
  if (typeof AudioContext === 'undefined') throw mediaError('noSpeakers');
  const context: SinkableContext = new AudioContext();
  try {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = TONE_HZ;
    oscillator.connect(gain);

    let element: HTMLAudioElement | null = null;
    try {
      if (speakerId && context.setSinkId) {
        await context.setSinkId(speakerId);
        gain.connect(context.destination);
      } else if (speakerId && 'setSinkId' in HTMLMediaElement.prototype) {
        const destination = context.createMediaStreamDestination();
        gain.connect(destination);
        element = new Audio();
        element.srcObject = destination.stream;
        await element.setSinkId(speakerId);
        await element.play();
      } else {
        gain.connect(context.destination);
      }
    } catch {
      // The chosen speaker is gone or refused: say so rather than play somewhere unexpected.
      throw mediaError('noSpeakers');
    }

    await context.resume();
    const now = context.currentTime;
    // Fade in and out so the tone starts and stops without a click.
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(TONE_GAIN, now + 0.05);
    gain.gain.setValueAtTime(TONE_GAIN, now + TONE_SECONDS - 0.1);
    gain.gain.linearRampToValueAtTime(0, now + TONE_SECONDS);
    const ended = new Promise<void>((resolve) => {
      oscillator.onended = () => resolve();
    });
    oscillator.start(now);
    oscillator.stop(now + TONE_SECONDS);
    await ended;
    element?.pause();
  } finally {
    void context.close();
  }
}
