#!/usr/bin/env python3
"""What a script writer would do: load the same fields as tvgrid with lxml's
iterparse, clearing elements as it goes (the memory-friendly idiom).

Usage: lxml_load.py FILE[.gz]   prints the channel and programme counts.
"""
import gzip
import sys

from lxml import etree


def main(path):
    opener = gzip.open if path.endswith(".gz") else open
    channels, programmes = {}, []
    with opener(path, "rb") as stream:
        for _, element in etree.iterparse(
            stream, events=("end",), tag=("channel", "programme"),
            resolve_entities=False, no_network=True, huge_tree=True,
        ):
            if element.tag == "channel":
                channels[element.get("id")] = element.findtext("display-name")
            else:
                programmes.append((
                    element.get("channel"), element.get("start"), element.get("stop"),
                    element.findtext("title"), element.findtext("sub-title"),
                    element.findtext("desc"),
                    [c.text for c in element.findall("category")],
                    element.findtext("episode-num"),
                ))
            element.clear()
            while element.getprevious() is not None:
                del element.getparent()[0]
    print(len(channels), len(programmes))


if __name__ == "__main__":
    main(sys.argv[1])
