/* escape.c - text escaped for HTML, SVG and XML (util.h): one table of
 * what each markup needs, so the HTML report and the JUnit XML agree. */
#include "util.h"

void pz_escape(FILE *f, const char *text, pz_markup how)
{
    int xml = how != PZ_HTML, attribute = how == PZ_XML_ATTRIBUTE;
    for (const unsigned char *t = (const unsigned char *)text; *t; t++) {
        switch (*t) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs(how == PZ_XML_TEXT ? "\"" : "&quot;", f);
            break;
        case '\n':
            fputs(attribute ? "&#10;" : "\n", f);
            break;
        case '\t':
            fputs(attribute ? "&#9;" : "\t", f);
            break;
        default:
            putc(xml && (*t < 0x20 || *t == 0x7f) ? '?' : *t, f);
        }
    }
}
