// Hands a text to the browser as a downloaded .txt file, through a short-lived Blob link.
import { exportFileName } from "./deck_limits.js";

export function downloadText(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
