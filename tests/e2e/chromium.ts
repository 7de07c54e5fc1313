/**
 * The browser the tests drive: Debian's Chromium headless shell (package chromium-headless-shell), the
 * same engine without the full browser's user interface, which took a third more of the machine's time
 * for the same tests (decision 0224). CHROMIUM_PATH names another.
 */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The full browser, for what the shell does differently: asked for a camera it refuses without a
 * NotAllowedError, so a person's refusal can only be played in the full browser.
 */
export const CHROMIUM_FULL_EXECUTABLE = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';
