/**
 * A soft two-note chime for a knock on the waiting room. Browsers allow sound only after the page
 * was used (clicked, typed in); before that it stays silent, and the notice on screen is enough.
 */
export function chime(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.connect(context.destination);
    const start = context.currentTime;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.7);
    [660, 880].forEach((hz, index) => {
      const note = context.createOscillator();
      note.frequency.value = hz;
      note.connect(gain);
      note.start(start + index * 0.18);
      note.stop(start + 0.7);
    });
    setTimeout(() => void context.close(), 1000);
  } catch {
    // No sound here; the notice on screen says it.
  }
}
