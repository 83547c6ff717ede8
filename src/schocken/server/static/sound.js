// The table's sounds, made with the Web Audio API (no audio files): dice rattling in the cup,
// the cup slammed down, a fanfare for a Schock-Aus, and the turn timer's warning. Off until the
// player switches it on (browsers let a page make sound only after a tap or a key anyway); the
// choice is remembered. The switch also allows the timer's buzz on a phone.

let ctx = null;
let on = localStorage.getItem("schocken:sound") === "on";

export function soundOn() {
  return on;
}

/** Switch sound on or off; called from a tap or key press, so the browser lets audio start. */
export function setSound(value) {
  on = value;
  localStorage.setItem("schocken:sound", on ? "on" : "off");
  if (on) audio();
}

function audio() {
  if (!on) return null;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
  } catch {
    return null;
  }
  return ctx;
}

// Sound that was switched on in an earlier visit starts with the first tap or key press.
for (const kind of ["pointerdown", "keydown"]) {
  addEventListener(kind, () => audio(), { once: true, capture: true });
}

function noiseBurst(ac, at, length, frequency, gain) {
  const samples = Math.max(1, Math.floor(ac.sampleRate * length));
  const buffer = ac.createBuffer(1, samples, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < samples; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / samples) ** 2;
  const source = ac.createBufferSource();
  source.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  filter.Q.value = 3;
  const level = ac.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ac.destination);
  source.start(at);
}

/** Dice knocking against the leather of the cup. */
export function rattle(seconds = 0.45) {
  const ac = audio();
  if (!ac) return;
  const start = ac.currentTime;
  for (let i = 0; i < 9; i++) {
    noiseBurst(ac, start + Math.random() * seconds, 0.03, 1800 + Math.random() * 2200, 0.5);
  }
}

/** The cup slammed upside down on the table: a dull thump and a click of dice. */
export function slam() {
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime;
  const osc = ac.createOscillator();
  const level = ac.createGain();
  osc.frequency.setValueAtTime(140, now);
  osc.frequency.exponentialRampToValueAtTime(45, now + 0.18);
  level.gain.setValueAtTime(0.9, now);
  level.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
  osc.connect(level).connect(ac.destination);
  osc.start(now);
  osc.stop(now + 0.3);
  noiseBurst(ac, now, 0.06, 900, 0.6);
}

/** "Schock aus!": a short brass-like fanfare, and the words where the browser can speak. */
export function schockAus() {
  const ac = audio();
  if (!ac) return;
  if ("speechSynthesis" in window) {
    const words = new SpeechSynthesisUtterance("Schock aus!");
    words.lang = "de-DE";
    setTimeout(() => speechSynthesis.speak(words), 700);
  }
  const now = ac.currentTime;
  [392, 523.25, 659.25, 783.99].forEach((freq, i) => {
    const osc = ac.createOscillator();
    const level = ac.createGain();
    osc.type = "sawtooth";
    osc.frequency.value = freq;
    const at = now + i * 0.12;
    const hold = i === 3 ? 0.6 : 0.11;
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    level.gain.exponentialRampToValueAtTime(0.0001, at + hold);
    osc.connect(level).connect(ac.destination);
    osc.start(at);
    osc.stop(at + hold + 0.05);
  });
}

/** The turn timer's warning (10 seconds left): two short high beeps. */
export function warning() {
  const ac = audio();
  if (!ac) return;
  const now = ac.currentTime;
  [0, 0.22].forEach((offset) => {
    const osc = ac.createOscillator();
    const level = ac.createGain();
    osc.type = "square";
    osc.frequency.value = 1320;
    const at = now + offset;
    level.gain.setValueAtTime(0.0001, at);
    level.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
    level.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
    osc.connect(level).connect(ac.destination);
    osc.start(at);
    osc.stop(at + 0.17);
  });
}
