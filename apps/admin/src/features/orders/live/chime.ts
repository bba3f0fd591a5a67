/**
 * A short two-note chime made with the Web Audio API (no sound file to load or cache). Browsers
 * let a page play sound once the person has interacted with it, which a signed-in shopkeeper has;
 * before that the chime is silently skipped (the title and the notification still tell).
 */
let context: AudioContext | null = null;

export async function playChime(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') await context.resume();
    if (context.state !== 'running') return false;
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const at = start + i * 0.18;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.4);
    }
    return true;
  } catch {
    return false;
  }
}
