// A deck list downloaded as a .txt file named after the deck.
import { downloadFile } from "../download.js";
import { exportFileName } from "./deck_limits.js";

export function downloadText(name: string, text: string): void {
  downloadFile(exportFileName(name), "text/plain;charset=utf-8", text);
}
