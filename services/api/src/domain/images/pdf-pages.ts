/** Page count and first page size of a PDF, or undefined when it does not parse. */
export async function countPdfPages(data: Buffer): Promise<{ pages: number; first?: { width: number; height: number } } | undefined> {
  // pdf-lib (~20 MB of RSS) is imported by the first PDF upload, not at start.
  const { PDFDocument } = await import('pdf-lib');
  try {
    const pdf = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    const pages = pdf.getPageCount();
    return { pages, first: pages > 0 ? pdf.getPage(0).getSize() : undefined };
  } catch {
    return undefined;
  }
}
