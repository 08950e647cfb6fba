// Hands a text to the browser as a downloaded file, through a short-lived Blob link.
export function downloadFile(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: give it a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
