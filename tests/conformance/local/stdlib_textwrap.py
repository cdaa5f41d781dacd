"""Wrapping help texts, model descriptions and log messages with textwrap."""
import textwrap

DOC = """The placement engine assigns each operator of a computation graph to a
device.  It balances memory use against transfer cost, and falls back to the CPU
when a kernel is not available on the accelerator.  Well-known heuristics (greedy
first-fit, cost-model-driven search, and round-robin) are all supported -- choose
one with the --strategy flag."""

print("== wrap at several widths")
for width in (20, 35, 50, 70):
    lines = textwrap.wrap(DOC, width=width)
    print(f"-- width={width}: {len(lines)} lines")
    for line in lines:
        print(f"|{line:<{width}}|")

print("== fill with indents (a bulleted help entry)")
print(textwrap.fill("--learning-rate FLOAT  Step size used by the optimizer; "
                    "decays linearly to zero over the course of training.",
                    width=48, initial_indent="  * ", subsequent_indent="    "))

print("== hyphen handling")
text = "A state-of-the-art, well-tested, thread-safe, copy-on-write data-structure"
for brk in (True, False):
    print(brk, textwrap.wrap(text, width=18, break_on_hyphens=brk))
print(textwrap.wrap("mixed-precision float16-to-bfloat16 re-re-read e-mail x-ray co-op", width=12))
print(textwrap.wrap("an em-dash--like this--separates clauses; so does a---triple", width=15))

print("== long words")
url = "https://example.com/models/resnet50/checkpoints/epoch-0042/weights.ckpt"
print(textwrap.wrap("Download: " + url, width=30))
print(textwrap.wrap("Download: " + url, width=30, break_long_words=False))
print(textwrap.wrap("supercalifragilisticexpialidocious-ness", width=10))
print(textwrap.wrap("supercalifragilisticexpialidocious-ness", width=10, break_on_hyphens=False))

print("== whitespace options")
messy = "col1\tcol2\tcol3\nnext line   with   runs  of spaces\r\nend"
print(repr(textwrap.fill(messy, width=25)))
print(repr(textwrap.fill(messy, width=25, expand_tabs=False)))
print(textwrap.wrap(messy, width=25, replace_whitespace=False))
print(textwrap.wrap("  leading and trailing   ", width=10, drop_whitespace=False))
print(textwrap.wrap("  leading and trailing   ", width=10))
print(textwrap.wrap("a\tb\tc", width=40, tabsize=4))

print("== sentence endings")
w = textwrap.TextWrapper(width=40, fix_sentence_endings=True)
print(w.wrap("Training finished. Accuracy was 91%. Is that good? He said \"yes.\" Dr. Who agreed."))

print("== max_lines and placeholder")
for n in (1, 2, 3):
    print(n, textwrap.wrap(DOC, width=40, max_lines=n))
print(textwrap.fill(DOC, width=40, max_lines=2, placeholder=" (more)"))
print(textwrap.wrap("short text", width=40, max_lines=1))
try:
    textwrap.wrap(DOC, width=6, max_lines=2, subsequent_indent="    ", placeholder="[truncated]")
except ValueError as e:
    print("ValueError:", e)
try:
    textwrap.wrap("x", width=0)
except ValueError as e:
    print("ValueError:", e)

print("== shorten")
for width in (12, 20, 30, 60):
    print(repr(textwrap.shorten("  Hello,   world!  This is   a fairly long status message. ", width)))
print(textwrap.shorten("Layer conv2d_17 has 1,204,224 parameters", width=25, placeholder="..."))

print("== dedent / indent")
block = """
    def forward(self, x):
        x = self.conv(x)
\t
        return self.act(x)
    """
d = textwrap.dedent(block)
print(repr(d))
print(textwrap.indent(d, ">>> "))
print(repr(textwrap.dedent("  a\n\tb\n")))
print(repr(textwrap.dedent("    one\n  two\n      three")))
print(repr(textwrap.indent("a\n\nb\r\nc", "  ")))
print(repr(textwrap.indent("a\n\nb", "+ ", lambda line: True)))

print("== reusing a TextWrapper")
tw = textwrap.TextWrapper(width=30, initial_indent="usage: ", subsequent_indent="       ")
print(tw.fill("placement run [--device DEVICE] [--threads N] [--profile] FILE [ARGS ...]"))
tw.width = 45
print(tw.fill("placement run [--device DEVICE] [--threads N] [--profile] FILE [ARGS ...]"))

print("== help table")
options = [("--device", "Device to place operators on: cpu, gpu, or auto (the default picks the fastest available)."),
           ("--threads", "Number of worker threads."),
           ("--log-level", "One of debug, info, warning, error.  Messages below this level are suppressed.")]
for name, helptext in options:
    lines = textwrap.wrap(helptext, width=44)
    print(f"  {name:<14}{lines[0]}")
    for line in lines[1:]:
        print(" " * 16 + line)
