print("tvgrid-bench")
