import type { FileChooser, Locator, Page } from '@playwright/test';
import { pasteInto } from './paste';

// The Keystroke-Level Model (Card, Moran & Newell), as the product's timed walk counts: a landlord's
// time for a journey is the sum of its operators, plus the app's own waits as measured.
const K = 0.28; // a key
const P = 1.1; // pointing with the mouse
const CLICK = 0.2; // the button press after pointing
const H = 0.4; // the hand between mouse and keyboard
const M = 1.35; // a field found, a decision made, a screen read

/**
 * Carries out a journey in the browser and counts its time by the KLM rules: `fill` is one field
 * found (M), clicked (P + click, hand to the mouse first) and typed (hand back, K per key).
 */
export class Klm {
  private operators = 0;
  private waited = 0;
  private hand: 'mouse' | 'keys' = 'mouse';

  constructor(private readonly page: Page) {}

  private readonly laps: Array<[string, number]> = [];
  private lapStart = 0;

  /** Seconds of the landlord's time so far: operators and measured waits. */
  get seconds(): number {
    return this.operators + this.waited;
  }

  /** Ends a part of the journey: its name and seconds go into `report`. */
  lap(name: string) {
    this.laps.push([name, this.seconds - this.lapStart]);
    this.lapStart = this.seconds;
  }

  /** "Einheiten 52 s · Kosten 64 s …" */
  get report(): string {
    return this.laps.map(([name, s]) => `${name} ${Math.round(s)} s`).join(' · ');
  }

  private to(hand: 'mouse' | 'keys') {
    if (this.hand !== hand) this.operators += H;
    this.hand = hand;
  }

  /** M: reading the screen, finding the next field or deciding. */
  think(times = 1) {
    this.operators += M * times;
  }

  /** A field or button found and clicked. */
  async click(target: Locator) {
    this.think();
    this.to('mouse');
    this.operators += P + CLICK;
    await target.click();
  }

  async check(target: Locator) {
    this.think();
    this.to('mouse');
    this.operators += P + CLICK;
    await target.check();
  }

  /**
   * Files chosen in the system's dialog the target opens: the folder found (M), all marked (Ctrl+A)
   * and opened (Enter).
   */
  async choose(target: Locator, files: Parameters<FileChooser['setFiles']>[0]) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.click(target);
    this.think();
    this.to('keys');
    this.operators += 3 * K;
    await (await chooser).setFiles(files);
  }

  /** Keys typed where the cursor is (a field the app focused, or one reached with Tab or Enter). */
  async type(text: string) {
    this.to('keys');
    this.operators += K * text.length;
    await this.page.keyboard.type(text);
  }

  /** One key: Tab, Enter. */
  async press(key: string) {
    this.to('keys');
    this.operators += K;
    await this.page.keyboard.press(key);
  }

  /** A field found, clicked and typed into. */
  async fill(field: Locator, text: string) {
    await this.click(field);
    await this.type(text);
  }

  /**
   * A date field: the landlord types the eight digits ("30062025"); the browser's own date input
   * takes the ISO form, as the landlord's locale would show it.
   */
  async date(field: Locator, iso: string) {
    await this.click(field);
    this.to('keys');
    this.operators += K * 8;
    await field.fill(iso);
  }

  /** The next field reached with the keyboard: a decision, then typed. */
  async next(text: string, key = 'Enter') {
    this.think();
    await this.type(text);
    await this.press(key);
  }

  /**
   * A block copied from the metering company's table and pasted: found (M), marked with the mouse
   * (P, press, P), copied (H, Ctrl+C), the app's field clicked (P, click) and pasted (H, Ctrl+V).
   */
  async paste(field: Locator, text: string) {
    this.think();
    this.to('mouse');
    this.operators += P + CLICK + P;
    this.to('keys');
    this.operators += 2 * K;
    this.to('mouse');
    this.operators += P + CLICK;
    await field.click();
    this.to('keys');
    this.operators += 2 * K;
    await pasteInto(field, text);
  }

  /**
   * A link followed that opens elsewhere (the confirmation mail's link, a PDF in a new tab, a download):
   * found and clicked, then waited for while `open` fetches it.
   */
  async visit(open: () => Promise<unknown>) {
    this.think();
    this.to('mouse');
    this.operators += P + CLICK;
    await this.wait(open);
  }

  /** The app's own wait, measured: what the landlord waits for after an action. */
  async wait(until: () => Promise<unknown>) {
    const start = performance.now();
    await until();
    this.waited += (performance.now() - start) / 1000;
  }
}
