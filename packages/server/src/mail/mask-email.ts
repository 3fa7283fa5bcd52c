/** `anna.bianchi@example.com` → `a***@example.com`: enough to tell emails apart, not to read one. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

/** Any address inside a text (an SMTP error quotes the recipient) masked the same way. */
export function maskEmailsIn(text: string): string {
  return text.replace(/[^\s<>"'@,;:()]+@[^\s<>"'@,;:()]+\.[^\s<>"'@,;:()]+/g, maskEmail);
}
