"""Runs every ```mlir block of a markdown file through qdq-opt twice
(parse + verify + print, then re-parse the printed form) and fails on the
first block that qdq-opt rejects. Usage: run-doc-examples.py QDQ_OPT FILE.md"""
import re
import subprocess
import sys

qdq_opt, doc = sys.argv[1], sys.argv[2]
blocks = re.findall(r"```mlir\n(.*?)```", open(doc).read(), re.S)
if not blocks:
    sys.exit(f"no ```mlir blocks in {doc}")
for i, block in enumerate(blocks):
    printed = subprocess.run([qdq_opt], input=block, text=True,
                             capture_output=True)
    again = subprocess.run([qdq_opt], input=printed.stdout, text=True,
                           capture_output=True)
    if printed.returncode or again.returncode:
        sys.exit(f"example {i} of {doc} fails:\n{block}\n{printed.stderr}"
                 f"{again.stderr}")
    print(f"example {i}: ok")
print(f"{len(blocks)} examples parsed, verified and printed")
