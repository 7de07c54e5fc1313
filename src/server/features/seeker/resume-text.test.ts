import { describe, expect, it } from 'vitest';
import { wordXmlToText } from './resume-text';

describe("a Word résumé's text (decision 0295)", () => {
  it('keeps paragraphs, tabs and breaks, joins runs, decodes entities and leaves out markup and deleted text', () => {
    const xml =
      '<?xml version="1.0"?><w:document><w:body>' +
      '<w:p><w:r><w:t>Sam </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">Seeker</w:t></w:r></w:p>' +
      '<w:p><w:r><w:t>Forklift &amp; &lt;reach&gt;</w:t><w:tab/><w:t>2019</w:t><w:br/><w:t>Nights</w:t></w:r></w:p>' +
      '<w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:t>&#233;t&#xE9;</w:t></w:r></w:p>' +
      '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>A</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>B</w:t></w:r></w:p></w:tc></w:tr></w:tbl>' +
      '<w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt;</w:t></w:r></w:p>' +
      '</w:body></w:document>';
    expect(wordXmlToText(xml)).toBe('Sam Seeker\nForklift & <reach>\t2019\nNights\nété\nA\nB\n<script>alert(1)</script>');
  });
});
