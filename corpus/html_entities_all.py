# html.unescape over every name of the HTML5 table CPython knows (from a
# reference list built here, not html.entities, which safepy does not have)
import html

names = ('AElig AMP Aacute Abreve Acirc Acy Afr Agrave Alpha Amacr And Aogon Aopf ApplyFunction Aring '
         'Ascr Assign Atilde Auml Backslash Barv Barwed Bcy Because Bernoullis Beta Bfr Bopf Breve Bscr '
         'Bumpeq CHcy COPY Cacute Cap CapitalDifferentialD Cayleys Ccaron Ccedil Ccirc Cconint Cdot '
         'Cedilla CenterDot Cfr Chi CircleDot CircleMinus CirclePlus CircleTimes ClockwiseContourIntegral '
         'CloseCurlyDoubleQuote CloseCurlyQuote Colon Colone Congruent Conint ContourIntegral Copf '
         'Coproduct CounterClockwiseContourIntegral Cross Cscr Cup CupCap DD DDotrahd DJcy DScy DZcy '
         'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn '
         'sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest times divide '
         'lt gt amp quot apos hellip mdash ndash lsquo rsquo ldquo rdquo bull trade euro larr rarr uarr '
         'darr harr hearts spades clubs diams infin ne le ge sum prod radic int part nabla isin notin '
         'NotNestedGreaterGreater NotSquareSubset nvlt nvgt bnequiv race fjlig ThickSpace '
         'varsubsetneqq varsupsetneq vsubnE ZeroWidthSpace zwj zwnj lrm rlm').split()
out = []
for n in names:
    out.append(html.unescape('&%s;' % n))
    out.append(html.unescape('&%s' % n))
    out.append(html.unescape('&%sx' % n))
print(len(out))
for i in range(0, len(out), 12):
    print(' | '.join(repr(x) for x in out[i:i + 12]))
print([html.unescape('&#%d;' % i) for i in range(0, 200, 7)])
print([html.unescape('&#x%x' % i) for i in (0x7f, 0x80, 0x8d, 0x9f, 0xa0, 0xfdcf, 0xfdd0, 0xfdef, 0xfdf0)])
