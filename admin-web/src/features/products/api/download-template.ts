import { authHeaders, saveFile } from '@kit/api';

const TEMPLATE_PATHS = ['/api/admin/products/template', '/api/admin/products/bulk/template', '/api/products/template'];
const FALLBACK_TEMPLATE =
  'id,name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity\n' +
  ',Naruto Uzumaki Figure,Anime Figures,1499,1999,25,true,true,naruto.png,"Sage mode, 18 cm",true,4.5,12,20\n';

/** Downloads the CSV template from the server (falls back to the same columns built here if the route is missing). */
export async function downloadTemplate(): Promise<void> {
  let blob: Blob | null = null;
  for (const path of TEMPLATE_PATHS) {
    try {
      const response = await fetch(path, { headers: authHeaders() });
      if (response.ok && !(response.headers.get('content-type') ?? '').includes('json') && !(response.headers.get('content-type') ?? '').includes('html')) {
        blob = await response.blob();
        break;
      }
    } catch {
      // try the next path
    }
  }
  saveFile(blob ?? new Blob([FALLBACK_TEMPLATE], { type: 'text/csv' }), 'product-template.csv');
}
