/** The text of every page, one string per page (items joined by spaces). */
export declare function pdfText(bytes: Buffer): Promise<string[]>;
/** Each page's size in millimetres (its MediaBox). */
export declare function pdfPageSizesMm(bytes: Buffer): Promise<{
    width: number;
    height: number;
}[]>;
export interface Raster {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
}
/**
 * Every page rasterised at `dpi` on white, as a printer driver would (pdfjs-dist drawing on
 * @napi-rs/canvas); `onPage` gets each page's pixels in turn, so a long PDF is never held whole.
 */
export declare function rasterisePdf(bytes: Buffer, dpi: number, onPage: (raster: Raster, page: number) => Promise<void> | void): Promise<number>;
